"""Tafel as a platform: games and bots come from installed packages' entry points, the web server
seats only the installed bots its operator allows, and outside the games' own folders nothing
names a game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

import tafel
from tafel.agents import AgentError, RandomAgent, check_spec, make_agent, registry
from tafel.agents.hints import offers_hints
from tafel.agents.ismcts import IsmctsAgent
from tafel.cli import app
from tafel.engine import Game, Json, Rng, State
from tafel.games import GAMES, OWN_GAMES, GameLoadError, installed_games, load_game
from tafel.server.errors import RoomError
from tafel.server.seats import bot_spec

TAFEL = Path(tafel.__file__).parent
FIVE = ("add-vantage", "maillot", "spyfall", "tony-tino", "tornado-alert")


def test_tafels_own_games_are_found_through_their_entry_points() -> None:
    declared = {entry.name for entry in entry_points(group="tafel.games")}
    assert OWN_GAMES == FIVE
    assert set(FIVE) <= declared == set(GAMES)
    assert list(GAMES)[: len(FIVE)] == list(FIVE)
    for game_id, game in GAMES.items():
        assert game.id == game_id
    assert installed_games().keys() == GAMES.keys()


NOT_A_GAME = object()
MISNAMED = GAMES["spyfall"]


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("odd", "tests.test_platform:NOT_A_GAME", "is not a tafel.engine.Game"),
        ("not-spyfall", "tests.test_platform:MISNAMED", "must be its entry point's name"),
    ],
)
def test_an_entry_point_that_is_no_game_is_refused_with_what_is_wrong(
    name: str, value: str, says: str
) -> None:
    with pytest.raises(GameLoadError, match=says):
        load_game(EntryPoint(name, value, "tafel.games"))


class Outsider(RandomAgent):
    """A bot of another package, as its entry point would declare it."""

    name = "outsider"


class OnlyItsGame(RandomAgent):
    name = "only-its-game"
    games = ("tony-tino",)


class Recording:
    """An entry point that notes whether it was ever loaded."""

    def __init__(self, name: str, found: type[Any]) -> None:
        self.name, self.found, self.loaded = name, found, False
        self.value = f"tests.test_platform:{found.__name__}"

    def load(self) -> type[Any]:
        self.loaded = True
        return self.found


@pytest.fixture
def outsiders(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Recording]]:
    entries = {
        "outsider": Recording("outsider", Outsider),
        "only-its-game": Recording("only-its-game", OnlyItsGame),
    }
    registry.installed_bot.cache_clear()
    monkeypatch.setattr(registry, "installed_bots", lambda: entries)
    yield entries
    registry.installed_bot.cache_clear()


def test_tafels_own_bots_come_from_its_entry_points() -> None:
    own = {e.name for e in entry_points(group="tafel.bots") if e.dist and e.dist.name == "tafel"}
    assert own == set(registry.GENERIC) == {"random", "ismcts", "careless", "paired"}


def test_an_installed_bot_plays_wherever_bots_are_named(outsiders: dict[str, Recording]) -> None:
    game = GAMES["add-vantage"]
    agent = make_agent("bot:outsider", game, 7)
    assert isinstance(agent, Outsider)
    assert "outsider" in registry.agent_names(game)
    # A bot that says which games it plays is offered only there.
    assert "only-its-game" not in registry.agent_names(game)
    assert "only-its-game" in registry.agent_names(GAMES["tony-tino"])
    with pytest.raises(AgentError, match="no bot 'only-its-game'"):
        check_spec("bot:only-its-game", game)


def test_a_bot_inside_another_is_only_ever_tafels_or_the_games(
    outsiders: dict[str, Recording],
) -> None:
    with pytest.raises(AgentError, match="no bot 'outsider'"):
        make_agent("bot:careless:bot=outsider", GAMES["add-vantage"], 0)


def test_the_server_seats_only_the_installed_bots_its_operator_allows(
    outsiders: dict[str, Recording],
) -> None:
    game = GAMES["add-vantage"]
    with pytest.raises(RoomError) as refused:
        bot_spec("outsider", game, frozenset())
    assert refused.value.key == "bad_bot"
    # What a client names is looked up, never imported: the bot's code was not loaded.
    assert not outsiders["outsider"].loaded
    assert bot_spec("outsider", game, frozenset({"outsider"})) == "bot:outsider"
    assert outsiders["outsider"].loaded
    assert bot_spec("greedy", game, frozenset()) == "bot:greedy"


def test_serve_refuses_to_allow_a_bot_that_is_not_installed() -> None:
    result = CliRunner().invoke(app, ["serve", "--allow-bot", "nobody-has-this"])
    assert result.exit_code == 2
    assert "no installed bot nobody-has-this" in result.output


def game_names(game: Game) -> re.Pattern[str]:
    """How a file may name the game: its id (with hyphens, underscores or spaces), its module,
    or a title."""
    words = [re.escape(game.id).replace(r"\-", "[-_ ]?"), re.escape(game.package.split(".")[-1])]
    words += [re.escape(title) for title in game.titles.values()]
    return re.compile("|".join(words), re.IGNORECASE)


def test_outside_its_folder_no_file_of_tafel_names_a_game() -> None:
    """The shell, the server, the terminal, the research adapters, the engine and the bots know
    games only through the registry."""
    folders = {
        Path(__import__(game.package, fromlist=["_"]).__file__ or "").parent
        for game in GAMES.values()
    }
    named = []
    for path in sorted(TAFEL.rglob("*")):
        if not path.is_file() or path.suffix not in {".py", ".js", ".css", ".toml", ".html"}:
            continue
        if any(folder in path.parents for folder in folders):
            continue
        text = path.read_text(encoding="utf-8")
        named += [
            f"{path.relative_to(TAFEL)}: {game.id}"
            for game in GAMES.values()
            if game_names(game).search(text)
        ]
    assert named == []


class Plain(Game):
    """A game with no bots of its own: only looked up, never played."""

    id = "plain"
    titles: ClassVar[dict[str, str]] = {"en": "Plain", "nl": "Plain"}
    min_players = 2
    max_players = 2
    actions = ()

    def start(self, players: int, seed: int, options: Any = None, rng: Rng | None = None) -> State:
        raise NotImplementedError

    def restore(self, snapshot: Json) -> State:
        raise NotImplementedError


def test_a_game_with_no_bots_of_its_own_has_every_level_and_a_hint() -> None:
    game = Plain()
    assert isinstance(make_agent("bot:easy", game, 0), RandomAgent)
    for level in ("normal", "hard"):
        assert isinstance(make_agent(f"bot:{level}", game, 0), IsmctsAgent)
    assert offers_hints(game)
