"""Fair slaps when the tabs of one room are on different processes: a slap from a tab on a
process that does not own the room travels through Redis, and so do the pings that time its
connection, so the owner still ranks the slaps by the reactions their players had. The quick
far tab wins wherever each tab is, as it does on one process (`tests/server/test_slap_latency`)."""

from __future__ import annotations

import pytest

from tests.cluster.site import site
from tests.loops import in_a_loop_of_its_own
from tests.server.test_slap_latency import assert_the_quicker_reaction_won, race

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize("remote", ["far", "near", "both"])
def test_the_quicker_reaction_wins_whichever_process_its_tab_is_on(
    postgres_url: str, redis_url: str, redis_prefix: str, remote: str
) -> None:
    """The room is made on the first process, which owns it; the tabs named by `remote` are
    opened on the second (seat 1 is the far, quick tab, seat 2 the near, slow one)."""
    with site(postgres_url, redis_url, redis_prefix, 2) as running:
        owner, other = (f"http://127.0.0.1:{port}" for port in running.ports)
        seats = {"far": [1], "near": [2], "both": [1, 2]}[remote]
        far, near = in_a_loop_of_its_own(race(owner, "fair", dict.fromkeys(seats, other)))
        assert_the_quicker_reaction_won(far, near)
