"""Settings of the whole suite.

Hypothesis's deadline (200 ms an example by default) is a timed test in disguise: on a loaded
machine a slow example fails it by luck, and speed is the benchmarks' business. So no deadline,
and no health check that measures time."""

from hypothesis import HealthCheck, settings

settings.register_profile("tafel", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("tafel")
