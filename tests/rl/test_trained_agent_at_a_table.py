"""The learning example's trained agent plays a room to the end over the protocol: its policy file
(`--save`) played by `tafel connect --policy` in a process of its own, against Tafel's Normal bot
playing the host's seat."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import torch

from tafel.server import BotPace
from tests.client.table import http, invite, new_room, wait_for_name
from tests.live_server import serving
from tests.rl.test_example import load_example


def test_the_trained_agent_plays_a_room_to_the_end(tmp_path: Path) -> None:
    example = load_example()
    torch.set_num_threads(1)
    net, _ = example.train("add-vantage", games=16, seed=0, eval_every=10**6, eval_games=2)
    example.save_policy(net, "add-vantage", tmp_path / "agent.pt2")
    with serving(tmp_path / "tafel.db", BotPace(0, 0)) as server:
        code, host = new_room(server, "add-vantage", 2)
        link = invite(server, code, host, 1)["link"]
        policy = str(tmp_path / "agent.pt2")
        command = [sys.executable, "-m", "tafel", "connect", link, "--policy", policy]
        command += ["--name", "Learner"]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        agent = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        try:
            assert wait_for_name(server, code, 1, 60) == "program:Learner", agent.poll()
            http(server, "POST", f"/api/rooms/{code}/start", None, host)
            http(server, "POST", f"/api/rooms/{code}/seats/0/hand", None, host)
            output, _ = agent.communicate(timeout=120)
        finally:
            agent.kill()
        assert agent.returncode == 0, output
        assert "1 match(es) played to the end in seat 2" in output
        assert http(server, "GET", f"/api/rooms/{code}")["status"] == "over"
