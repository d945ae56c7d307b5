"""Rooms over HTTP and websockets: their life cycle, seat passes, refusals and reconnecting."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect

from tafel.engine import GameRecord, replay
from tafel.games import get_game
from tests.server.tabs import Json, auth, new_room, open_tab, play_out, set_bot, start, take_seat

pytestmark = pytest.mark.timeout(60)


def test_a_room_is_created_with_a_short_code_and_its_host_in_the_first_seat(
    client: TestClient,
) -> None:
    code, token = new_room(client, "add-vantage", 3, name="  Ann   Smith ")
    assert len(code) == 8 and code.isalnum() and code.isupper()
    assert not set(code) & set("0O1I"), "no characters easy to mistake for one another"
    typed = f" {code[:4].lower()}-{code[4:]} "  # as read aloud and typed in two groups
    room = client.get(f"/api/rooms/{typed}").json()
    assert room["status"] == "lobby" and room["host"] == 0 and room["players"] == 3
    assert [seat["name"] for seat in room["seats"]] == ["Ann Smith", None, None]
    assert token not in str(room) and "token" not in str(room)
    assert room["options"]["diagonal"] == "main"


def test_a_room_refuses_unknown_games_counts_options_and_names_in_the_players_language(
    client: TestClient,
) -> None:
    def create(lang: str, **body: object) -> tuple[int, str]:
        full = {"game": "add-vantage", "players": 2, "name": "Ann", **body}
        response = client.post("/api/rooms", json=full, headers={"Accept-Language": lang})
        return response.status_code, response.json()["message"]

    assert create("en", game="chess") == (404, "There is no game chess.")
    assert create("nl", players=5) == (400, "add-vantage speel je met 2 tot 4 spelers.")
    status, message = create("en", players=3, options={"tiles-stay": True})
    assert status == 400 and "2 players only" in message
    assert create("nl", options={"remove-anytime": True}) == (
        400,
        "De optie remove-anytime werkt alleen met remove-die: zet die ook aan.",
    )
    status, message = create("nl", name="   ")
    assert status == 400 and message.startswith("Typ een naam")
    assert client.get("/api/rooms/ZZZZZ").status_code == 404


def test_seats_bots_and_the_host_in_the_lobby(client: TestClient) -> None:
    code, host = new_room(client, "add-vantage", 4)
    bob = take_seat(client, code, 1, "Bob")
    taken = client.post(f"/api/rooms/{code}/seats/1", json={"name": "Eve"})
    assert taken.status_code == 409 and taken.json()["message"] == "Seat 2 is taken."
    assert client.post(f"/api/rooms/{code}/seats/9", json={"name": "Eve"}).status_code == 404

    not_host = client.put(
        f"/api/rooms/{code}/seats/2/bot", json={"bot": "greedy"}, headers=auth(bob)
    )
    assert not_host.status_code == 403 and not_host.json()["key"] == "not_host"
    unknown = client.put(
        f"/api/rooms/{code}/seats/2/bot", json={"bot": "oracle"}, headers=auth(host)
    )
    assert unknown.status_code == 400 and unknown.json()["key"] == "bad_bot"
    on_person = client.put(
        f"/api/rooms/{code}/seats/1/bot", json={"bot": "random"}, headers=auth(host)
    )
    assert on_person.status_code == 409
    set_bot(client, code, host, 2, "bot:ismcts:iterations=20")
    set_bot(client, code, host, 3, "greedy")

    early = client.post(f"/api/rooms/{code}/start", headers=auth(bob))
    assert early.status_code == 403
    removed = client.delete(f"/api/rooms/{code}/seats/3/bot", headers=auth(host))
    assert removed.json()["seats"][3]["bot"] is None
    empty = client.post(f"/api/rooms/{code}/start", headers=auth(host))
    assert empty.status_code == 409 and empty.json()["key"] == "seats_empty"
    set_bot(client, code, host, 3, "random")
    start(client, code, host)
    room = client.get(f"/api/rooms/{code}").json()
    assert room["status"] == "playing" and room["matches"] == 1
    assert [seat["bot"] for seat in room["seats"]] == [
        None,
        None,
        "bot:ismcts:iterations=20",
        "bot:random",
    ]
    # A bot's seat during a game is a spectator's to take only where the host allows it.
    late = client.post(f"/api/rooms/{code}/seats/3", json={"name": "Eve"})
    assert late.status_code == 403 and late.json()["key"] == "sit_in_closed"
    assert client.post(f"/api/rooms/{code}/rematch", headers=auth(host)).status_code == 409


def test_each_seat_gets_its_own_view_and_legal_actions_and_spectators_the_spectator_view(
    client: TestClient,
) -> None:
    hidden_tiles: Json = {"hidden-tiles": True}
    code, host = new_room(client, "add-vantage", 2, **hidden_tiles)
    bob = take_seat(client, code, 1, "Bob")
    start(client, code, host)
    game = get_game("add-vantage")
    with (
        open_tab(client, code, host) as ann_tab,
        open_tab(client, code, bob) as bob_tab,
        open_tab(client, code) as watcher,
    ):
        assert ann_tab.next("welcome")["you"] == 0
        assert bob_tab.next("welcome")["you"] == 1
        assert watcher.next("welcome")["you"] is None
        ann, bob_state, spectator = (tab.next("state") for tab in (ann_tab, bob_tab, watcher))
        state = game.start(2, 0)  # the views' shapes, to compare with what was sent
        assert set(ann["view"]) == set(state.view(0))
        assert ann["view"]["seat"] == 0 and bob_state["view"]["seat"] == 1
        assert spectator["view"]["seat"] is None and spectator["legal"] == []
        assert ann["legal"] and bob_state["legal"] == []
        assert ann["actors"] == [0] and ann["names"] == ["Ann", "Bob"] and ann["history"] == []
        room = ann_tab.next("room")["room"]
        assert [seat["connected"] for seat in room["seats"]] == [True, True]


def test_an_illegal_or_malformed_message_gets_an_error_to_its_sender_only(
    client: TestClient,
) -> None:
    code, host = new_room(client, "add-vantage", 2)
    bob = take_seat(client, code, 1, "Bob")
    start(client, code, host)
    with open_tab(client, code, host, lang="nl") as ann, open_tab(client, code, bob) as bob_tab:
        first = ann.next("state")
        bob_tab.next("state")
        refusals: list[tuple[Json, str]] = [
            (
                {"type": "act", "action": {"type": "place", "value": 3, "cell": 0}},
                "nothing_to_place",
            ),
            ({"type": "act", "action": {"type": "fly"}}, "unknown_action"),
            ({"type": "act", "action": {"type": "roll", "dice": "two"}}, "malformed_action"),
            ({"type": "act", "action": {"type": "roll", "dice": 2}, "n": 7}, "stale_action"),
            ({"type": "dance"}, "malformed_message"),
        ]
        for message, key in refusals:
            ann.send(message)
            error = ann.next("error")
            assert error["key"] == key
        ann.socket.send_text("{not json")
        assert ann.next("error")["key"] == "malformed_message"
        bob_tab.act({"type": "roll", "dice": 2})
        error = bob_tab.next("error")
        assert error["message"] == "It is not your turn."
        ann.act(first["legal"][0], first["n"])
        after_ann = ann.next("state")
        after_bob = bob_tab.next("state")
        assert after_ann["n"] == after_bob["n"] == first["n"] + 1
        # Bob's tab saw no refusal of Ann's, and Ann's none of Bob's.
        assert [f["key"] for f in bob_tab.frames if f["type"] == "error"] == ["not_your_turn"]
        assert len([f for f in ann.frames if f["type"] == "error"]) == len(refusals) + 1
        assert ann.frames[-1] == after_ann and "Je hebt geen" in str(ann.frames)


def test_a_move_made_on_a_state_the_game_left_counts_only_if_it_means_the_same(
    client: TestClient,
) -> None:
    """Cid accuses while Ann's question to Bob is on its way: nothing Cid may do changed, so the
    accusation counts. Bob's, made before he was asked, is refused: he now has a question to
    answer. So is a move made on a state from before the sender's own move, or from the future."""
    code, host = new_room(client, "spyfall", 4)
    tokens = [host] + [
        take_seat(client, code, s, name) for s, name in enumerate(["Bob", "Cid", "Dan"], 1)
    ]
    start(client, code, host)
    with (
        open_tab(client, code, tokens[0]) as ann,
        open_tab(client, code, tokens[1]) as bob,
        open_tab(client, code, tokens[2]) as cid,
    ):
        tabs = [ann, bob, cid]

        def reach(n: int) -> None:
            for tab in tabs:
                while tab.n < n:
                    tab.next("state")

        reach(0)
        ann.act({"type": "deal"}, 0)
        reach(1)
        ann.act({"type": "ask", "target": 1, "text": "Warm here?"}, 1)
        reach(2)
        assert {"type": "answer", "text": ""} in bob.legal
        bob.act({"type": "accuse", "suspect": 3}, 1)
        assert bob.next("error")["key"] == "stale_action"
        cid.act({"type": "accuse", "suspect": 3}, 1)
        assert cid.settled(2), cid.frames[-1]
        reach(3)
        # Ann and Bob vote in any order: Bob's vote, cast as Ann's arrives, counts too.
        assert (
            ann.legal == bob.legal == [{"type": "vote", "agree": 1}, {"type": "vote", "agree": 0}]
        )
        ann.act({"type": "vote", "agree": 1}, 3)
        reach(4)
        bob.act({"type": "vote", "agree": 0}, 3)
        assert bob.settled(4), bob.frames[-1]
        reach(5)
        too_old_or_too_new: list[tuple[Json, int]] = [
            ({"type": "accuse", "suspect": 2}, 3),
            ({"type": "deal"}, 9),
        ]
        for action, at in too_old_or_too_new:
            ann.act(action, at)
            assert ann.next("error")["key"] == "stale_action"


def test_a_forged_or_stale_pass_is_refused_and_cannot_act(client: TestClient) -> None:
    code, _ = new_room(client, "add-vantage", 3)
    bob = take_seat(client, code, 1, "Bob")
    for token in ("forged-" + "x" * 30, bob[:-1]):
        with open_tab(client, code, token) as tab:
            refused = tab.next("refused")
            assert refused["key"] == "bad_token" and "Join the room again" in refused["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                tab.receive()
            assert closed.value.code == 4403
    left = client.post(f"/api/rooms/{code}/leave", headers=auth(bob))
    assert left.json()["seats"][1]["name"] is None
    with open_tab(client, code, bob, lang="nl") as tab:
        assert tab.next("refused")["message"].startswith("De pas van deze browser")
    stale = client.put(f"/api/rooms/{code}/seats/2/bot", json={"bot": "random"}, headers=auth(bob))
    assert stale.status_code == 403 and stale.json()["key"] == "bad_token"
    assert client.post(f"/api/rooms/{code}/start", headers={}).status_code == 403


def test_a_spectator_cannot_act(client: TestClient) -> None:
    code, host = new_room(client, "add-vantage", 2)
    set_bot(client, code, host, 1, "greedy")
    start(client, code, host)
    with open_tab(client, code) as watcher:
        state = watcher.next("state")
        watcher.act({"type": "roll", "dice": 2}, state["n"])
        assert watcher.next("error")["key"] == "not_a_player"


def test_a_closed_tab_rejoins_its_seat_with_the_same_view(client: TestClient) -> None:
    code, host = new_room(client, "add-vantage", 2)
    bob = take_seat(client, code, 1, "Bob")
    start(client, code, host)
    with open_tab(client, code, host) as ann, open_tab(client, code, bob) as bob_tab:
        tabs = (ann, bob_tab)
        for tab in tabs:
            tab.next("state")
        for _ in range(5):
            mover = next(tab for tab in tabs if tab.legal)
            mover.act(mover.legal[0], mover.n)
            for tab in tabs:
                tab.next("state")
        before = ann.state
        assert before is not None
    room = client.get(f"/api/rooms/{code}").json()
    assert [seat["connected"] for seat in room["seats"]] == [False, False]
    with open_tab(client, code, host) as again:
        assert again.next("welcome")["you"] == 0
        after = again.next("state")
    assert after["n"] == before["n"] and after["view"] == before["view"]
    assert after["legal"] == before["legal"]


def test_a_whole_game_against_bots_then_export_replay_and_rematch(client: TestClient) -> None:
    code, host = new_room(client, "add-vantage", 3)
    set_bot(client, code, host, 1, "greedy")
    set_bot(client, code, host, 2, "random")
    assert client.get(f"/api/rooms/{code}/matches/1/record").status_code == 404
    start(client, code, host)
    with open_tab(client, code, host) as ann:
        ann.next("state")
        assert client.get(f"/api/rooms/{code}/matches/1/record").status_code == 403
        final = play_out({0: ann}, random.Random(3))
        assert ann.frames[-2] == {"type": "room", "room": client.get(f"/api/rooms/{code}").json()}
    assert client.get(f"/api/rooms/{code}").json()["status"] == "over"
    response = client.get(f"/api/rooms/{code}/matches/1/record")
    assert "attachment" in response.headers["content-disposition"]
    record = GameRecord.from_json(response.json())
    assert record.seats == ["human", "bot:greedy", "bot:random"]
    assert len(record.actions) == final["n"]
    assert replay(get_game("add-vantage"), record).view(0) == final["view"]
    steps = client.get(f"/api/rooms/{code}/matches/1/replay", params={"seat": 0}).json()
    assert len(steps["steps"]) == final["n"] + 1
    assert steps["steps"][-1]["view"] == final["view"] and steps["names"][0] == "Ann"

    assert client.post(f"/api/rooms/{code}/rematch", headers=auth(host)).json()["status"] == "lobby"
    start(client, code, host)
    room = client.get(f"/api/rooms/{code}").json()
    assert room["status"] == "playing" and room["matches"] == 2


def test_a_player_who_leaves_mid_game_is_replaced_by_a_bot_that_plays_on(
    client: TestClient,
) -> None:
    code, host = new_room(client, "add-vantage", 2)
    bob = take_seat(client, code, 1, "Bob")
    start(client, code, host)
    with open_tab(client, code, bob) as bob_tab, open_tab(client, code, host) as ann_tab:
        bob_tab.next("state")
        ann_tab.next("state")
        client.post(f"/api/rooms/{code}/leave", headers=auth(host))
        # The one who left is told so in plain words, and their tab lets the seat go; the others
        # are told who plays the seat now.
        gone = ann_tab.next("refused")
        assert gone["key"] == "you_left" and gone["message"] == "You left this room."
        while bob_tab.next("room")["room"]["host"] != 1:  # Ann's tab coming in is news too
            pass
        notice = bob_tab.next("notice")
        assert notice["key"] == "left"
        assert notice["message"] == "Ann left the game: a bot (Normal) plays their seat."
        final = play_out({1: bob_tab}, random.Random(5))
    assert final["view"]["outcome"] is not None
    record = GameRecord.from_json(client.get(f"/api/rooms/{code}/matches/1/record").json())
    assert record.seats == ["bot:normal", "human"]
    client.post(f"/api/rooms/{code}/leave", headers=auth(bob))
    assert client.get(f"/api/rooms/{code}").json()["status"] == "closed"


def test_a_move_the_store_cannot_keep_changes_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, host = new_room(client, "add-vantage", 2)
    take_seat(client, code, 1, "Bob")
    start(client, code, host)
    room = client.app.state.rooms.rooms[code]  # type: ignore[attr-defined]

    def broken(*_: object) -> None:
        raise OperationalError("INSERT", {}, Exception("disk full"))

    with open_tab(client, code, host) as ann:
        state = ann.next("state")
        monkeypatch.setattr(room.store, "append_move", broken)
        ann.act(state["legal"][0], state["n"])
        assert ann.next("error")["key"] == "store_failed"
        assert room.match.state.view(0) == state["view"] and room.match.record.actions == []
        monkeypatch.undo()
        ann.act(state["legal"][0], state["n"])
        assert ann.next("state")["n"] == 1


def test_a_qr_code_links_to_the_room(client: TestClient) -> None:
    code, _ = new_room(client, "add-vantage", 2)
    response = client.get(f"/api/rooms/{code}/qr.svg")
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg") and "path" in response.text


def test_games_and_their_text_in_both_languages(client: TestClient) -> None:
    games = {game["id"]: game for game in client.get("/api/games").json()}
    assert {"add-vantage", "tony-tino", "maillot", "tornado-alert", "spyfall"} <= set(games)
    hidden = next(o for o in games["add-vantage"]["options"] if o["name"] == "hidden-tiles")
    assert hidden["kind"] == "bool" and hidden["default"] is False and "nl" in hidden["help"]
    assert "greedy" in games["add-vantage"]["bots"]
    # The lobby offers each game's own stand-in first: Spyfall's is the one that talks.
    assert games["spyfall"]["default_bot"] == "talker"
    assert games["add-vantage"]["default_bot"] == "greedy"
    kinds = {o["name"]: o["kind"] for o in games["spyfall"]["options"]}
    assert kinds["locations"] == "lines" and kinds["next-dealer"] == "choice"
    en, nl = (client.get(f"/api/text/{lang}").json() for lang in ("en", "nl"))
    for part in ("engine", "server", "web"):
        assert set(en[part]) == set(nl[part]), part
    assert en["games"]["add-vantage"]["no_coins"] != nl["games"]["add-vantage"]["no_coins"]


def test_the_client_is_served_at_every_route(client: TestClient) -> None:
    for path in ("/", "/r/ABCDE", "/r/ABCDE/replay/1"):
        response = client.get(path)
        assert response.status_code == 200 and "<html" in response.text.lower()
