"""The pieces of the engine contract every game shares: outcomes, events, reasons, actions."""

from __future__ import annotations

import pytest

from tafel.engine import Event, IllegalAction, Outcome
from tafel.engine.i18n import ENGINE_CATALOG
from tafel.games.add_vantage import GAME
from tafel.games.add_vantage.rules import Buy, Place, Roll


@pytest.mark.parametrize(
    ("scores", "ranks", "shares"),
    [
        ([10, 20, 5], (2, 1, 3), (0.0, 1.0, 0.0)),
        ([7, 7], (1, 1), (0.5, 0.5)),
        ([9, 3, 9, 9], (1, 4, 1, 1), (1 / 3, 0.0, 1 / 3, 1 / 3)),
        ([4, 8, 8, 1], (3, 1, 1, 4), (0.0, 0.5, 0.5, 0.0)),
        ([0, 0, 0], (1, 1, 1), (1 / 3, 1 / 3, 1 / 3)),
        ([2.5, 1.25], (1, 2), (1.0, 0.0)),
    ],
)
def test_outcome_ranks_and_win_shares(
    scores: list[float], ranks: tuple[int, ...], shares: tuple[float, ...]
) -> None:
    outcome = Outcome.from_scores(scores)
    assert outcome.scores == tuple(scores)
    assert outcome.ranks == ranks
    assert outcome.win_shares() == pytest.approx(shares)
    assert sum(outcome.win_shares()) == pytest.approx(1.0)


def test_tied_seconds_share_a_rank_and_the_next_rank_is_skipped() -> None:
    assert Outcome.from_scores([10, 5, 5, 1]).ranks == (1, 2, 2, 4)


def test_outcome_json() -> None:
    assert Outcome.from_scores([3, 4]).to_json() == {"scores": [3, 4], "ranks": [2, 1]}


def test_an_event_hides_its_secrets_from_everyone_but_its_seat() -> None:
    event = Event("win_tile", {"tile": 12, "line": "row 2"}, seat=1, secret=("tile",))
    assert event.for_viewer(1) == {"kind": "win_tile", "seat": 1, "tile": 12, "line": "row 2"}
    for viewer in (0, 2, None):
        assert event.for_viewer(viewer) == {"kind": "win_tile.hidden", "seat": 1, "line": "row 2"}


def test_an_event_without_secrets_is_the_same_for_everyone() -> None:
    event = Event("roll", {"dice": [2, 5]}, seat=0)
    assert (
        event.for_viewer(1) == event.for_viewer(None) == {"kind": "roll", "seat": 0, "dice": [2, 5]}
    )


def test_an_illegal_action_tells_its_reason_in_english_and_dutch() -> None:
    error = IllegalAction("not_your_turn")
    assert str(error) == "It is not your turn."
    assert error.message("nl") == "Je bent niet aan de beurt."
    assert error.message("fr") == "It is not your turn.", "unknown languages fall back to en"


def test_a_game_reason_is_told_from_the_game_catalog_with_its_parameters() -> None:
    error = IllegalAction("cell_taken", cell="b2")
    assert error.message("en", GAME.catalog) == "Cell b2 already holds a die."
    assert error.message("nl", GAME.catalog) == "Op b2 ligt al een dobbelsteen."
    assert GAME.catalog.text("en", "game_over") == ENGINE_CATALOG.text("en", "game_over")


def test_action_json_is_the_kind_and_the_fields() -> None:
    assert Roll(2).to_json() == {"type": "roll", "dice": 2}
    assert Place(4, 8).to_json() == {"type": "place", "value": 4, "cell": 8}
    assert Buy(1, 0).to_json() == {"type": "buy", "seller": 1, "cell": 0}


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ("roll", "malformed_action"),
        ({"dice": 2}, "malformed_action"),
        ({"type": "jump"}, "unknown_action"),
        ({"type": "roll"}, "malformed_action"),
        ({"type": "roll", "dice": 2, "extra": 0}, "malformed_action"),
        ({"type": "roll", "dice": True}, "malformed_action"),
        ({"type": "roll", "dice": "2"}, "malformed_action"),
        ({"type": "roll", "dice": 2.0}, "malformed_action"),
        ({"type": "roll", "dice": 0}, "malformed_action"),
        ({"type": "place", "value": 7, "cell": 0}, "malformed_action"),
        ({"type": "place", "value": 1, "cell": 9}, "malformed_action"),
        ({"type": "buy", "seller": 4, "cell": 0}, "malformed_action"),
    ],
)
def test_malformed_action_json_gives_its_reason(data: object, key: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.action_from_json(data)
    assert caught.value.key == key


def test_an_unknown_action_type_is_cut_short_in_the_reason() -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.action_from_json({"type": "x" * 500})
    assert caught.value.params == {"type": "x" * 40}


def test_encoding_is_the_index_in_the_action_table() -> None:
    assert GAME.encode(Roll(1)) == 0
    assert GAME.decode(0) == Roll(1)
    assert GAME.num_actions == 8 + 54 + 6 + 36 + 9 + 1 + 8 * 6  # ... removes, pass, lays
