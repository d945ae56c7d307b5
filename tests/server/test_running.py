"""Running a server for real: it says whether it lives and whether it can serve, its metrics
move as games are played, and its logs are one JSON object a line that tells what happened in
which room without a seat's pass, a match's seed or what anyone holds."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import random
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy.exc import OperationalError

from tafel.server import health
from tafel.server.logs import FIELDS, formatter
from tafel.server.seats import token_hash
from tests.server.tabs import new_room, open_tab, play_out, set_bot, start, take_seat
from tests.server.test_restart import free_port, server, tab
from tests.server.test_store_off_loop import wait_for

pytestmark = pytest.mark.timeout(120)


# --- Health and readiness ------------------------------------------------------------------------


def test_a_serving_process_is_live_and_ready(client: TestClient) -> None:
    live = client.get("/healthz")
    assert live.status_code == 200 and live.json() == {"live": True}
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json() == {"ready": True, "checks": {"store": "ok"}}


def test_a_store_that_does_not_answer_makes_the_process_unready_but_live(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = client.app.state.rooms.store  # type: ignore[attr-defined]

    def down() -> None:
        raise OperationalError("SELECT 1", {}, Exception("password=hunter2 refused"))

    monkeypatch.setattr(store, "ping", down)
    ready = client.get("/readyz")
    assert ready.status_code == 503
    assert ready.json() == {"ready": False, "checks": {"store": "OperationalError"}}
    assert "hunter2" not in ready.text
    assert client.get("/healthz").status_code == 200


def test_readiness_takes_more_checks_by_name_and_bounds_their_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    readiness: health.Readiness = client.app.state.readiness  # type: ignore[attr-defined]

    async def answers() -> None:
        return None

    async def hangs() -> None:
        await asyncio.sleep(3600)

    readiness.add("redis", answers)
    assert client.get("/readyz").json()["checks"] == {"store": "ok", "redis": "ok"}
    monkeypatch.setattr(health, "READY_SECONDS", 0.05)
    readiness.add("redis", hangs)
    ready = client.get("/readyz")
    assert ready.status_code == 503
    assert ready.json()["checks"] == {"store": "ok", "redis": "timeout"}


# --- Metrics --------------------------------------------------------------------------------------


def metrics(client: httpx.Client) -> dict[str, float]:
    """Every sample of /metrics by name (histograms' `_count` and `_sum` included)."""
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    return {
        sample.name: sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
        if not sample.labels
    }


def test_metrics_move_as_a_game_is_played(tmp_path: Path) -> None:
    """In a `tafel serve` of its own: the metrics are a process's, and a test process may hold
    other servers (the browser tests') whose bots play on between and during its tests."""
    port = free_port()
    with (
        server(f"sqlite:///{tmp_path / 'tafel.db'}", port),
        httpx.Client(base_url=f"http://127.0.0.1:{port}") as client,
    ):
        before = metrics(client)
        made = client.post("/api/rooms", json={"game": "add-vantage", "players": 2, "name": "Ann"})
        code, ann = made.json()["room"]["code"], made.json()["token"]
        host = {"Authorization": f"Bearer {ann}"}
        client.put(f"/api/rooms/{code}/seats/1/bot", json={"bot": "greedy"}, headers=host)
        assert client.post(f"/api/rooms/{code}/start", headers=host).status_code == 200
        with tab(port, code, ann) as opened:
            opened.next("state")
            during = metrics(client)
            play_out({0: opened}, random.Random(5))
        record = client.get(f"/api/rooms/{code}/matches/1/record").json()
        after = metrics(client)
    actions = len(record["actions"])
    assert during["tafel_sockets"] == before["tafel_sockets"] + 1
    assert during["tafel_rooms"] == before["tafel_rooms"] + 1
    assert after["tafel_actions_total"] - before["tafel_actions_total"] == actions
    moved = after["tafel_action_to_view_seconds_count"]
    assert moved - before["tafel_action_to_view_seconds_count"] == actions
    assert after["tafel_action_to_view_seconds_sum"] > before["tafel_action_to_view_seconds_sum"]
    assert after["tafel_store_write_seconds_count"] > before["tafel_store_write_seconds_count"]
    assert after["tafel_store_errors_total"] == before["tafel_store_errors_total"]
    for name in ("tafel_redis_errors_total", "tafel_rooms", "tafel_sockets"):
        assert name in after


def test_a_move_the_store_refuses_is_counted(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In this process, whose other servers' rooms may act meanwhile: of the counters, only the
    store's errors are this room's alone (the game above counts the actions exactly)."""
    code, ann = new_room(client, "add-vantage", 2)
    take_seat(client, code, 1, "Bob")
    start(client, code, ann)
    store = client.app.state.rooms.store  # type: ignore[attr-defined]

    def broken(*_: object) -> None:
        raise OperationalError("INSERT", {}, Exception("disk full"))

    with open_tab(client, code, ann) as tab:
        state = tab.next("state")
        before = metrics(client)
        monkeypatch.setattr(store, "append_move", broken)
        tab.act(state["legal"][0], state["n"])
        assert tab.next("error")["key"] == "store_failed"
    after = metrics(client)
    assert after["tafel_store_errors_total"] == before["tafel_store_errors_total"] + 1
    assert after["tafel_actions_total"] >= before["tafel_actions_total"] + 1  # applied, lost


# --- Logs -----------------------------------------------------------------------------------------


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    """What the server logs, as `tafel serve` writes it: one JSON object a line."""
    lines = io.StringIO()
    handler = logging.StreamHandler(lines)
    handler.setFormatter(formatter(json_lines=True))
    logger = logging.getLogger("tafel")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield lines
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def test_logs_tell_each_event_of_a_room_and_nothing_secret(
    client: TestClient, log_lines: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, ann = new_room(client, "add-vantage", 3)
    bob = take_seat(client, code, 1, "Bob")
    set_bot(client, code, ann, 2, "greedy")
    start(client, code, ann)
    store = client.app.state.rooms.store  # type: ignore[attr-defined]
    with open_tab(client, code, ann) as first, open_tab(client, code, bob) as second:
        tabs = {0: first, 1: second}
        for tab in tabs.values():
            tab.next("state")
        mover = next(tab for tab in tabs.values() if tab.legal)
        real = store.append_move

        def broken(*_: object) -> None:
            raise OperationalError("INSERT", {"action": "secret"}, Exception("disk full"))

        monkeypatch.setattr(store, "append_move", broken)
        mover.act(mover.legal[0], mover.n)
        assert mover.next("error")["key"] == "store_failed"
        monkeypatch.setattr(store, "append_move", real)
        play_out(tabs, random.Random(7))
    # The match's end is kept after its last move, which nobody waits for (`finish_match`).
    wait_for(lambda: (match := store.match(code, 1)) is not None and match.over, "its end kept")
    stored = store.match(code, 1)
    assert stored is not None and stored.over

    lines = [json.loads(line) for line in log_lines.getvalue().splitlines()]
    events = [(line["event"], line.get("room")) for line in lines]
    for event in ("room made", "seat taken", "bot seated", "match started", "match over"):
        assert (event, code) in events, event
    assert ("tab joined", code) in events and ("tab left", code) in events
    lost = next(line for line in lines if line["event"].startswith("a move was not kept"))
    assert lost["room"] == code and lost["level"] == "error"
    for line in lines:
        assert {"timestamp", "level", "logger", "event"} <= set(line)
        assert set(line) <= {"timestamp", "level", "logger", "event", *FIELDS}
    text = log_lines.getvalue()
    for secret in (ann, bob, token_hash(ann), token_hash(bob), str(stored.record.seed)):
        assert secret not in text
    assert "secret" not in text and "INSERT" not in text


def test_a_move_refused_by_a_newer_owner_is_one_warning_line_with_both_tokens(
    client: TestClient, log_lines: io.StringIO
) -> None:
    """Under overload a process may stall past its lease: another takes the room, and the
    store refuses the old owner's writes. That is the fence doing its work, not a fault."""
    code, ann = new_room(client, "add-vantage", 2)
    bob = take_seat(client, code, 1, "Bob")
    start(client, code, ann)
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    store = rooms.store
    assert store.raise_fence(code, 4) is None
    rooms.rooms[code].store = store.fenced(code, 4)
    with open_tab(client, code, ann) as first, open_tab(client, code, bob) as second:
        tabs = {0: first, 1: second}
        for tab in tabs.values():
            tab.next("state")
        assert store.raise_fence(code, 9) is None  # another process takes the room over
        mover = next(tab for tab in tabs.values() if tab.legal)
        mover.act(mover.legal[0], mover.n)
        assert mover.next("error")["key"] == "store_failed"

    lines = [json.loads(line) for line in log_lines.getvalue().splitlines()]
    refused = [line for line in lines if "was not kept" in line["event"]]
    moves = [line for line in refused if line["event"].startswith("a move")]
    assert [line["event"] for line in moves] == ["a move was not kept: the room has a newer owner"]
    # Every write refused so (the move, the turn clock's wait) says so alike.
    for line in refused:
        assert line["event"].endswith("was not kept: the room has a newer owner")
        assert line["level"] == "warning" and line["room"] == code
        assert line["token"] == 4 and line["newer"] == 9
    assert "exception" not in log_lines.getvalue() and "Traceback" not in log_lines.getvalue()
