"""Issue 27, finding 5: a PostgreSQL connection that stalls (its bytes acknowledged, and then
forwarded nowhere, as by a middlebox) held a move as long as the stall: 40 s and 71 s measured,
and for ever on a stall that does not end. TCP's timeouts cannot see such a stall; every wait
for PostgreSQL's answer now has a deadline of ours (`tafel.store.answers`), past which the
connection is closed and discarded. Checked through a proxy the test controls that accepts and
acknowledges every byte and forwards none until told: the move is answered while the stall
still holds, nothing acknowledged is lost, and the store's history stays one history, also when
the commit itself was held and reached the server after the move was refused."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from tafel.engine import GameRecord, replay
from tafel.games import get_game
from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.errors import SERVER_CATALOG
from tafel.server.rooms import Rooms
from tafel.store import Store, StoredRoom, StoredSeat
from tafel.store.answers import AnsweringConnection
from tests.cluster.faults import FaultProxy, fault_proxy, through
from tests.server.tabs import Tab, new_room, open_tab, start, take_seat

pytestmark = pytest.mark.timeout(60)

ANSWER = 0.5
"""The tests' deadline for an answer: short, so that a test takes seconds."""
PATIENCE = 30.0
"""Seconds a test waits for what comes within the deadline or at once: generous, for a loaded
machine. The stall itself never ends by itself: anything answered before the test lets it
flow was answered because of the deadline."""


@contextmanager
def proxied(postgres_url: str) -> Iterator[FaultProxy]:
    at = urlsplit(postgres_url.split("?")[0])
    with fault_proxy(at.hostname or "127.0.0.1", at.port or 5432) as proxy:
        yield proxy


def wait_for(condition: object, what: str) -> None:
    assert callable(condition)
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"waited in vain for {what}"
        time.sleep(0.01)


def a_match(store: Store) -> int:
    seats = [StoredSeat(0, "Ann"), StoredSeat(1, "Bob")]
    assert store.create_room(StoredRoom("STALL", "add-vantage", 2, {}, 0, "lobby", seats))
    game = get_game("add-vantage")
    record = GameRecord("add-vantage", game.rules_version, {}, 27, ["human"] * 2)
    return store.start_match("STALL", 1, record, ["Ann", "Bob"])


def test_a_stalled_connection_is_given_up_at_the_deadline_and_not_used_again(
    postgres_url: str,
) -> None:
    with (
        proxied(postgres_url) as proxy,
        closing(Store(through(postgres_url, proxy), ANSWER)) as store,
    ):
        match = a_match(store)
        game = get_game("add-vantage")
        state = game.start(2, 27, game.options_from_json({}))
        seat = state.actors()[0]
        first = state.legal_actions(seat)[0]
        store.append_move(match, 0, seat, first.to_json())
        raw = store.move_connection().connection.driver_connection
        assert isinstance(raw, AnsweringConnection) and not raw.closed
        proxy.hold()
        began = time.monotonic()
        with pytest.raises(Exception, match="did not answer within"):
            store.append_move(match, 1, seat, first.to_json())
        waited = time.monotonic() - began
        print(f"\na move's write on a stalled connection gave up after {waited:.2f} s")
        assert raw.closed
        proxy.flow()
        # The next write goes over a new connection; the one given up is not used again.
        state.apply(seat, first)
        second = state.legal_actions(state.actors()[0])[0]
        store.append_move(match, 1, state.actors()[0], second.to_json())
        assert store.move_connection().connection.driver_connection is not raw
    with closing(Store(postgres_url)) as direct:
        kept = direct.match("STALL", 1)
        assert kept is not None and [a for _, a in kept.record.actions] == [
            first.to_json(),
            second.to_json(),
        ]


@contextmanager
def server(url: str) -> Iterator[TestClient]:
    config = ServerConfig(url, BotPace(0, 0), store_answer=ANSWER)
    with TestClient(create_app(config)) as client:
        yield client


def the_rooms(client: TestClient) -> Rooms:
    rooms: Rooms = client.app.state.rooms  # type: ignore[attr-defined]
    return rooms


def a_game(client: TestClient) -> tuple[str, str, str]:
    code, ann = new_room(client, "add-vantage", 2)
    bob = take_seat(client, code, 1, "Bob")
    start(client, code, ann)
    return code, ann, bob


def quiet(client: TestClient, code: str) -> None:
    """Wait until the room's writes are all made (a tab's arrival is kept too)."""
    room = the_rooms(client).rooms[code]
    wait_for(lambda: room.keeper.running is None, "the room's writes")


def mover(tabs: dict[int, Tab]) -> Tab:
    return next(tab for tab in tabs.values() if tab.legal)


def consistent(postgres_url: str, code: str, tabs: dict[int, Tab]) -> int:
    """The store's match replays, and every tab shows its table: its number of moves."""
    with closing(Store(postgres_url)) as store:
        kept = store.match(code, 1)
    assert kept is not None
    state = replay(get_game("add-vantage"), kept.record)
    for seat, tab in tabs.items():
        assert tab.state is not None
        assert tab.n == len(kept.record.actions) and tab.state["view"] == state.view(seat)
    return len(kept.record.actions)


def test_a_move_on_a_stalled_store_is_refused_within_the_deadline_and_nothing_is_lost(
    postgres_url: str,
) -> None:
    with proxied(postgres_url) as proxy, server(through(postgres_url, proxy)) as client:
        code, ann, bob = a_game(client)
        with open_tab(client, code, ann, "nl") as ann_tab, open_tab(client, code, bob) as bob_tab:
            tabs = {0: ann_tab, 1: bob_tab}
            for tab in tabs.values():
                tab.next("state")
            quiet(client, code)
            proxy.hold()
            moving = mover(tabs)
            began = time.monotonic()
            moving.act(moving.legal[0], moving.n)
            refused = moving.next("error")
            waited = time.monotonic() - began
            print(f"\na move on a stalled store was refused after {waited:.2f} s")
            # Plainly, in the tab's language (Ann's is Dutch).
            lang = "nl" if moving is ann_tab else "en"
            assert refused["key"] == "store_failed"
            assert refused["message"] == SERVER_CATALOG.text(lang, "store_failed")
            proxy.flow()
            # The move's INSERT may have reached the store before the stall: the room reads
            # its match back, and refuses moves until it has.
            room = the_rooms(client).rooms[code]
            wait_for(lambda: room.moves.rechecking is None, "the match read back")
            # The store answers again: the same move is kept, and every tab shows it.
            before = moving.n
            for _ in range(5):
                moving.act(moving.legal[0], moving.n)
                if moving.settled(before):
                    break
            for tab in tabs.values():
                while tab.n <= before:
                    tab.next("state")
            assert consistent(postgres_url, code, tabs) == before + 1


def test_a_commit_held_past_the_deadline_and_kept_after_all_is_shown_as_kept(
    postgres_url: str,
) -> None:
    """The hardest stall: the move's INSERT is answered, its COMMIT is held. The move is
    refused at the deadline, and then the COMMIT reaches the server: the store has the move the
    room took back. The room reads its match back and every tab is shown the move; the next
    move follows it."""
    with proxied(postgres_url) as proxy, server(through(postgres_url, proxy)) as client:
        code, ann, bob = a_game(client)
        with open_tab(client, code, ann) as ann_tab, open_tab(client, code, bob) as bob_tab:
            tabs = {0: ann_tab, 1: bob_tab}
            for tab in tabs.values():
                tab.next("state")
            quiet(client, code)
            proxy.stall_at(b"COMMIT", b"INSERT INTO moves")
            moving = mover(tabs)
            began = time.monotonic()
            moving.act(moving.legal[0], moving.n)
            refused = moving.next("error")
            waited = time.monotonic() - began
            print(f"\na move whose commit was held was refused after {waited:.2f} s")
            assert refused["key"] == "store_failed" and proxy.held.is_set()
            # The held COMMIT goes on to the server, before the room can read its match back.
            proxy.refuse()
            proxy.flow()
            with closing(Store(postgres_url)) as direct:
                wait_for(lambda: len(kept_moves(direct, code)) == 1, "the held commit")
            proxy.mend_now()
            for tab in tabs.values():
                while tab.n < 1:
                    tab.next("state")
            assert consistent(postgres_url, code, tabs) == 1
            # The game goes on from the move as kept.
            moving = mover(tabs)
            moving.act(moving.legal[0], moving.n)
            assert moving.settled(1)
            for tab in tabs.values():
                while tab.n < 2:
                    tab.next("state")
            assert consistent(postgres_url, code, tabs) == 2


def kept_moves(store: Store, code: str) -> list[object]:
    kept = store.match(code, 1)
    assert kept is not None
    return list(kept.record.actions)
