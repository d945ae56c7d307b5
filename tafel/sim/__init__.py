"""Simulation, tournaments and benchmarks: many games between bots."""
