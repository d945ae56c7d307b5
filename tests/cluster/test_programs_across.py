"""A seat given to a program through any process of a site: the host's invitation and the
program's name go to the room's owner, whichever process they came to, and the program plays
from a process that does not own the room."""

from __future__ import annotations

import random

import pytest

from tests.cluster.site import SiteTab, site
from tests.server.tabs import play_out

pytestmark = pytest.mark.timeout(300)


def test_a_program_is_seated_and_plays_through_another_process(
    postgres_url: str, redis_url: str, redis_prefix: str
) -> None:
    with site(postgres_url, redis_url, redis_prefix, 2) as running:
        first, second = running.ports
        made = running.call("POST", "/api/rooms", game="add-vantage", players=2, name="Ann")
        code, ann = made["room"]["code"], made["token"]
        running.ports[:] = [second, first]  # every request to the process that does not own it
        invited = running.call("POST", f"/api/rooms/{code}/seats/1/program", token=ann)
        assert invited["link"] == f"http://127.0.0.1:{second}/r/{code}#program={invited['token']}"
        program = invited["token"]
        named = running.call("PUT", f"/api/rooms/{code}/program", token=program, name="Robo")
        assert named["seat"] == 1 and named["room"]["seats"][1]["name"] == "program:Robo"
        running.call("POST", f"/api/rooms/{code}/start", token=ann)
        assert running.owner(code) == first
        tabs = {0: SiteTab(running, code, ann, first), 1: SiteTab(running, code, program, second)}
        try:
            final = play_out(dict(tabs), random.Random(3))
        finally:
            for tab in tabs.values():
                tab.close()
        assert final["names"] == ["Ann", "program:Robo"] and final["view"]["outcome"] is not None
