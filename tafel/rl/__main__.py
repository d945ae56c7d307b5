"""`python -m tafel.rl`: the research adapters' observation layouts and what they cost."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from tafel.engine import Game
from tafel.games import GAMES, get_game

app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)


def game_named(name: str) -> Game:
    try:
        return get_game(name)
    except KeyError as error:
        raise typer.BadParameter(str(error.args[0])) from None


@app.command()
def layout(game: Annotated[str, typer.Argument(help="the game's id")]) -> None:
    """Print a game's observation vector, segment by segment: start, size, name, meaning."""
    from tafel.rl.layouts import NoResearch, describe
    from tafel.rl.table import table_of

    found = game_named(game)
    try:
        lines = describe(found)
    except NoResearch as error:
        raise typer.BadParameter(str(error)) from None
    for line in lines:
        typer.echo(line)
    typer.echo(f"actions: {len(table_of(found))} (the last is pass)")


@app.command()
def bench(
    games: Annotated[list[str] | None, typer.Argument(help="games (all if none)")] = None,
    seconds: Annotated[float, typer.Option(min=0.1, max=600, help="CPU seconds per run")] = 3.0,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Game actions per second through PettingZoo, Gymnasium and OpenSpiel against the
    engine's own random playouts, each for SECONDS of CPU time, and the adapters' overhead."""
    from tafel.rl.bench import ADAPTERS, bench_adapters
    from tafel.rl.layouts import NoResearch, layout_of

    def laid_out(game: Game) -> bool:
        try:
            return layout_of(game) is not None
        except NoResearch:
            return False

    chosen = [game_named(g) for g in games] if games else list(filter(laid_out, GAMES.values()))
    results = [bench_adapters(game, seconds) for game in chosen]
    if as_json:
        typer.echo(json.dumps([r.to_json() for r in results], indent=1))
        return
    table = Table(
        "game", "engine", "engine + views", *ADAPTERS, title="game actions per CPU second"
    )
    for r in results:
        table.add_row(
            r.game,
            f"{r.engine:,.0f}",
            f"{r.engine_viewing:,.0f}",
            *(
                f"{r.adapters[a]:,.0f}\n{r.overhead(a):+.0%} / "
                f"{r.overhead(a, r.engine_viewing):+.0%}"
                for a in ADAPTERS
            ),
        )
    costs = Table("game", *COSTS.values(), title="where PettingZoo's time goes: µs per game action")
    for r in results:
        spent = r.costs()
        costs.add_row(r.game, *(f"{spent[key]:.1f}" for key in COSTS))
    console = Console()
    console.print(table)
    typer.echo("under each adapter: how much longer an action takes than in the engine's own")
    typer.echo("random playouts / than in those that build the acting seat's view")
    console.print(costs)


COSTS = {
    "engine": "engine",
    "moments_and_masks": "moments, masks",
    "observations": "observations",
    "api": "PettingZoo API",
}


if __name__ == "__main__":
    app()
