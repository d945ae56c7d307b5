"""The research adapters find each game's research module by convention, `<its package>.research`
(`tafel.rl.layouts.research_of`), Tafel's own as any installed game's; a game without one, or
with one that cannot be imported, is named in the error."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

from tafel.engine import Game, Json, Rng, State
from tafel.games import GAMES
from tafel.rl.__main__ import app
from tafel.rl.direct import direct_encoder
from tafel.rl.features import Feature
from tafel.rl.layouts import NoResearch, describe, encoder_of, layout_of, research_of
from tafel.rl.table import table_of


class Unlaid(Game):
    """A game defined in this test's package, which holds no research module. It is never
    played: only looked up."""

    id = "unlaid"
    titles: ClassVar[dict[str, str]] = {"en": "Unlaid"}
    min_players = 2
    max_players = 2
    actions = ()

    def start(self, players: int, seed: int, options: Any = None, rng: Rng | None = None) -> State:
        raise NotImplementedError

    def restore(self, snapshot: Json) -> State:
        raise NotImplementedError


class Elsewhere(Unlaid):
    """The same game, as if defined in another package."""

    def __init__(self, package: str) -> None:
        super().__init__()
        self._package = package

    @property
    def package(self) -> str:
        return self._package


MakeGame = Callable[[str], Game]


@pytest.fixture
def game_with_research(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MakeGame:
    """A game whose package, made for the test, holds a research module of the given source."""

    def make(source: str) -> Game:
        package = f"outside_{tmp_path.name}"
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
        (tmp_path / package / "research.py").write_text(source)
        monkeypatch.syspath_prepend(tmp_path)
        return Elsewhere(package)

    return make


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_game_is_found_in_its_own_package(game: Game) -> None:
    research = research_of(game)
    assert research.__name__ == f"{game.package}.research"
    assert research.__file__ is not None
    folder = sys.modules[game.package].__file__
    assert folder is not None
    assert Path(research.__file__).parent == Path(folder).parent
    assert isinstance(research.LAYOUT, Feature)
    assert layout_of(game).root is research.LAYOUT


def test_a_game_without_a_research_module_is_named() -> None:
    game = Unlaid()
    assert game.package == "tests.rl"
    message = "the game 'unlaid' has no research module: its package tests.rl holds no research.py"
    for lookup in (research_of, layout_of, encoder_of, describe, direct_encoder, table_of):
        with pytest.raises(NoResearch, match=re.escape(message)):
            lookup(game)


def test_the_layout_command_names_a_game_without_a_research_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(GAMES, "unlaid", Unlaid())
    result = CliRunner().invoke(app, ["layout", "unlaid"])
    assert result.exit_code == 2
    assert "has no research module" in " ".join(result.output.split())


def test_an_import_failing_inside_a_research_module_is_raised_as_it_is(
    game_with_research: MakeGame,
) -> None:
    game = game_with_research("import a_module_nobody_has\n")
    with pytest.raises(ModuleNotFoundError) as raised:
        research_of(game)
    assert raised.value.name == "a_module_nobody_has"
    assert "the research module of the game 'unlaid'" in "".join(raised.value.__notes__)


def test_a_research_module_without_a_layout_is_refused(game_with_research: MakeGame) -> None:
    game = game_with_research('"""No layout here."""\n')
    refused = r"the game 'unlaid': outside_\w+\.research defines no LAYOUT"
    with pytest.raises(NoResearch, match=refused):
        layout_of(game)


def test_a_game_from_another_package_is_laid_out_by_its_research_module(
    game_with_research: MakeGame,
) -> None:
    game = game_with_research(
        "from tafel.rl.features import Fields, Num\n\nLAYOUT = Fields({'score': Num(10)})\n"
    )
    assert describe(game)[1:] == ["    0    1  score: number / 10"]
    assert direct_encoder(game) is None
    assert [entry.label for entry in table_of(game).entries] == ["pass"]
