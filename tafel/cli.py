"""The `tafel` command: list the games, play in the terminal, simulate, rate bots in tournaments
and report on them, replay and benchmark."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import secrets
import sys
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from tafel.agents import AgentError, check_spec
from tafel.agents.registry import agent_names
from tafel.engine import LANGUAGES, Game, GameRecord, OptionError, RecordError
from tafel.engine.options import option_choices, option_help, option_name, option_scope
from tafel.engine.text import HUMAN
from tafel.games import GAMES, get_game
from tafel.sim.bench import bench as run_bench
from tafel.sim.results import ResultsError, TournamentSpec
from tafel.sim.schedule import ScheduleError
from tafel.sim.simulate import EndlessGame
from tafel.sim.simulate import simulate as run_simulation
from tafel.sim.tournament import rounds_text
from tafel.sim.tournament import tournament as run_tournament
from tafel.terminal import show_replay, terminal_session

if TYPE_CHECKING:
    from tafel.loadtest.server import ServerBench

app = typer.Typer(
    help="Tafel: five tabletop games to play, study and build bots for.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

LangOption = Annotated[str, typer.Option("--lang", help="Language of the game's text: en or nl.")]
OptionsOption = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as NAME=VALUE; repeat for several."),
]


def fail(message: str) -> typer.Exit:
    console.print(f"[red]{message}[/red]")
    return typer.Exit(2)


def progress_bar(as_json: bool) -> Progress:
    """The progress bar of a long run, on standard error; none when the output is JSON."""
    return Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=as_json,
        disable=as_json,
    )


def find_game(game_id: str) -> Game:
    try:
        return get_game(game_id)
    except KeyError as error:
        raise fail(str(error.args[0])) from None


def read_options(game: Game, pairs: list[str] | None, players: int) -> Any:
    try:
        options = game.parse_options(pairs or [])
        game.start(players, 0, options)  # checks options that depend on the player count
    except (OptionError, ValueError) as error:
        raise fail(str(error)) from None
    return options


def check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise fail(f"--lang takes one of {', '.join(LANGUAGES)}, not {lang!r}")
    return lang


def check_seats(game: Game, seats: list[str], humans: bool) -> None:
    if not game.min_players <= len(seats) <= game.max_players:
        raise fail(
            f"{game.id} takes {game.min_players} to {game.max_players} seats; got {len(seats)}"
        )
    for spec in seats:
        if humans and spec == HUMAN:
            continue
        try:
            check_spec(spec, game)
        except (AgentError, ValueError) as error:
            raise fail(str(error)) from None


@app.command()
def games(lang: LangOption = "en") -> None:
    """List the games with their player counts, bots and options."""
    check_lang(lang)
    table = Table(title="Tafel")
    for column in ("game", "title", "players", "bots"):
        table.add_column(column)
    for game in GAMES.values():
        bots = ", ".join(f"bot:{name}" for name in agent_names(game))
        table.add_row(game.id, game.title(lang), _player_counts(game), bots)
    console.print(table)
    for game in GAMES.values():
        options = Table(title=f"{game.id} options (--option NAME=VALUE)", title_justify="left")
        for column in ("NAME", "VALUE", "default", ""):
            options.add_column(column)
        for field in dataclasses.fields(game.options_type):
            options.add_row(
                option_name(field),
                _option_values(game, field),
                _show(field.default),
                escape(_with_scope(option_help(field, lang), option_scope(field, lang))),
            )
        console.print(options)


def _with_scope(help_text: str, scope: str) -> str:
    return f"{help_text} ({scope})" if scope else help_text


def _player_counts(game: Game) -> str:
    if game.min_players == game.max_players:
        return str(game.min_players)
    return f"{game.min_players}–{game.max_players}"


def _option_values(game: Game, field: dataclasses.Field[Any]) -> str:
    choices = option_choices(game.options_type, field)
    if choices:
        return "|".join(map(str, choices))
    return {bool: "true|false", int: "NUMBER"}.get(type(field.default), "TEXT")


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@app.command()
def play(
    game_id: Annotated[
        str, typer.Argument(metavar="GAME", help="The game, as `tafel games` names it.")
    ],
    seat: Annotated[
        list[str],
        typer.Option(
            help="Who sits in each seat, in turn order: human, or a bot: a level "
            "(bot:easy, bot:normal, bot:hard) or any bot `tafel games` lists."
        ),
    ],
    seed: Annotated[
        int | None, typer.Option(help="Seed for the shuffle and the dice; random if left out.")
    ] = None,
    option: OptionsOption = None,
    lang: LangOption = "en",
    save: Annotated[
        Path | None, typer.Option(help="Write the game record (JSON) to this file.")
    ] = None,
    realtime: Annotated[
        bool,
        typer.Option(
            "--realtime/--no-realtime",
            help="Games where several may act at once (races, talk against a clock): for one "
            "person at a terminal, single keys or typed commands at any moment while bots act "
            "on their reaction times and the clock runs; or ask after every action.",
        ),
    ] = True,
) -> None:
    """Play a game in the terminal against bots or at one keyboard; at the prompt, h shows a
    hint: the moves the hard bot weighs most for you."""
    game = find_game(game_id)
    check_lang(lang)
    check_seats(game, seat, humans=True)
    options = read_options(game, option, len(seat))
    seed = secrets.randbits(32) if seed is None else seed
    console.print(f"{game.title(lang)} · seed {seed}")
    try:
        session, run = terminal_session(game, seat, seed, options, lang, console, realtime)
    except ValueError as error:  # a game that cannot be played so at the terminal
        raise fail(str(error)) from None
    finished = run()
    if save is not None:
        session.record.save(save)
        console.print(f"record saved to {save}")
    if not finished:
        raise typer.Exit(1)


@app.command()
def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    seat: Annotated[
        list[str],
        typer.Option(
            help="The bot in each seat, in turn order, e.g. bot:greedy, or policy:PATH (a "
            "trained policy's file, docs/rl.md)."
        ),
    ],
    games: Annotated[int, typer.Option(min=1, help="How many games to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the whole run: same seed, same results.")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="Processes to play in parallel.")] = 1,
    option: OptionsOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of a table.")
    ] = False,
) -> None:
    """Play many games between bots and report wins and scores per seat."""
    game = find_game(game_id)
    check_seats(game, seat, humans=False)
    options = read_options(game, option, len(seat))
    with progress_bar(as_json) as progress:
        task = progress.add_task(game.id, total=games)
        try:
            summary = run_simulation(
                game, seat, games, seed, options, workers, lambda: progress.advance(task)
            )
        except EndlessGame as error:
            raise fail(str(error)) from None
    if as_json:
        print(json.dumps(summary.to_json()))
        return
    table = Table(title=f"{game.id}: {games} games, seed {seed}")
    for column in ("seat", "bot", "wins", "win share", "mean score (95%)"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    wins, means, widths = summary.wins(), summary.mean_scores(), summary.score_intervals()
    for k, spec in enumerate(seat):
        table.add_row(
            str(k + 1),
            spec,
            f"{wins[k]:.1f}",
            f"{wins[k] / games:.1%}",
            f"{means[k]:.2f} ± {widths[k]:.2f}",
        )
    console.print(table)
    console.print(
        f"mean game length {summary.mean_actions():.1f} actions · "
        f"{summary.games_per_second():.1f} games/s"
    )
    tallies = summary.mean_tallies()
    if tallies:
        console.print(
            "mean per game: " + " · ".join(f"{name} {value:.3g}" for name, value in tallies.items())
        )


@app.command()
def tournament(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    bot: Annotated[
        list[str],
        typer.Option(
            help="A bot to rate, with its parameters (bot:ismcts:iterations=200), any installed "
            "one (a tafel.bots entry point) or a trained policy's file (policy:PATH, docs/rl.md); "
            "2 to 8."
        ),
    ],
    players: Annotated[
        list[int] | None,
        typer.Option(
            help="A player count to play at; repeat for several. Every count if left out."
        ),
    ] = None,
    games: Annotated[
        int, typer.Option(min=1, help="At most this many games, if the ratings do not separate.")
    ] = 2000,
    seed: Annotated[int, typer.Option(help="Seed of the tournament: same seed, same results.")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="Processes to play in parallel.")] = 1,
    option: OptionsOption = None,
    results: Annotated[
        Path | None,
        typer.Option(
            help="File the games are kept in as they end (JSON Lines); the same command goes on "
            "from it. tournament-GAME-seedSEED.jsonl if left out."
        ),
    ] = None,
    restart: Annotated[
        bool, typer.Option(help="Overwrite the results file instead of going on from it.")
    ] = False,
    ray: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS",
            help="Play on Ray: `local` starts it here with --workers CPUs (on loopback); an "
            "address (ray://host:10001, or auto) joins that cluster and uses all its CPUs.",
        ),
    ] = None,
    fixed_budget: Annotated[
        bool,
        typer.Option(
            help="Play all --games games rather than stopping when the intervals separate: "
            "intervals then valid as stated (stopping early makes them optimistic)."
        ),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of tables.")
    ] = False,
) -> None:
    """Rate bots against each other in every seat and player count (OpenSkill, Plackett-Luce),
    until their 95% intervals separate or the games run out (with --fixed-budget, all of them);
    with each pair's share of games finished ahead."""
    game = find_game(game_id)
    counts = sorted(set(players or range(game.min_players, game.max_players + 1)))
    for count in counts:
        if not game.min_players <= count <= game.max_players:
            raise fail(
                f"{game.id} takes {game.min_players} to {game.max_players} players, not {count}"
            )
    if len(set(bot)) != len(bot):
        raise fail("name each bot once: a bot against itself rates nothing")
    for spec_text in bot:
        try:
            check_spec(spec_text, game)
        except (AgentError, ValueError) as error:
            raise fail(str(error)) from None
    options = None
    for count in counts:
        options = read_options(game, option, count)
    if ray is not None and importlib.util.find_spec("ray") is None:
        raise fail("--ray needs Ray: pip install 'tafel[ray]'")
    path = results or Path(f"tournament-{game.id}-seed{seed}.jsonl")
    spec = TournamentSpec(game.id, tuple(bot), tuple(counts), game.options_to_json(options), seed)
    with progress_bar(as_json) as progress:
        task = progress.add_task(f"{game.id} tournament", total=games)
        try:
            outcome = run_tournament(
                spec,
                games,
                path,
                workers,
                restart,
                lambda done: progress.update(task, completed=done),
                ray,
                fixed_budget,
            )
        except (ScheduleError, ResultsError, EndlessGame) as error:
            raise fail(str(error)) from None
    if as_json:
        print(json.dumps(outcome.to_json()))
        return
    show_tournament(outcome.to_json(), path)


def show_tournament(result: dict[str, Any], path: Path) -> None:
    ended = "the ratings separated" if result["separated"] else "the game budget was reached"
    if result["stopping"] == "fixed budget":
        ended = "the fixed budget was played"
    console.print(
        f"{result['game']}: {result['games']} games ({rounds_text(result)}), "
        f"seed {result['seed']}; stopped because {ended}. Intervals: {result['intervals']}."
    )
    console.print(_ratings_table("all player counts", result["ratings"]))
    console.print(_pairs_table(result["pairwise"]))
    for count, part in result["by_players"].items():
        if not part["games"]:
            continue
        console.print(_ratings_table(f"{count} players, {part['games']} games", part["ratings"]))
        shares = " · ".join(
            f"seat {seat['seat']} {seat['share']:.1%} ± {seat['interval']:.1%}"
            for seat in part["seat_win_share"]
        )
        console.print(f"win share by seat: {shares}")
        console.print(f"mean game length {part['mean_actions']:.1f} actions")
        if part["tallies"]:
            console.print(
                "mean per game: "
                + " · ".join(f"{name} {value:.3g}" for name, value in part["tallies"].items())
            )
    speed = result["games_per_second"]
    rate = f" at {speed:.1f} games/s" if speed else ""
    console.print(f"{result['played_now']} games played now{rate}; results in {path}")


def _pairs_table(pairs: list[dict[str, Any]]) -> Table:
    table = Table(title="pairwise: share of games finished ahead", title_justify="left")
    for column in ("bot", "against", "games", "ahead", "95% interval"):
        table.add_column(column, justify="left" if column in ("bot", "against") else "right")
    for pair in pairs:
        share, width = pair["ahead"], pair["interval"]
        table.add_row(
            pair["bot"],
            pair["against"],
            str(pair["games"]),
            f"{share:.1%}",
            f"{share - width:.1%} … {share + width:.1%}",
        )
    return table


def _ratings_table(title: str, ratings: list[dict[str, Any]]) -> Table:
    table = Table(title=title, title_justify="left")
    for column in ("bot", "rating (μ)", "σ", "95% interval"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for rating in ratings:
        table.add_row(
            rating["bot"],
            f"{rating['mu']:.2f}",
            f"{rating['sigma']:.2f}",
            f"{rating['low']:.2f} … {rating['high']:.2f}",
        )
    return table


@app.command()
def report(
    results: Annotated[
        list[Path],
        typer.Argument(
            help="A tournament's results file, as `tafel tournament` wrote it; several of one "
            "game (an option off and on) are set side by side.",
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            help="Folder for index.html and its PNG figures; RESULTS-report (of the first file) "
            "if left out."
        ),
    ] = None,
) -> None:
    """Write a tournament's report: one HTML page with its figures, and the figures as PNG."""
    from tafel.sim.report import write_report  # matplotlib loads only for a report

    for path in results:
        if not path.is_file():
            raise fail(f"no results file at {path}")
    folder = out or results[0].with_name(f"{results[0].stem}-report")
    try:
        page = write_report(results, folder)
    except (ResultsError, ScheduleError) as error:
        raise fail(str(error)) from None
    console.print(f"report written to {page}")


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record saved by `tafel play --save`.")],
    seat: Annotated[
        int | None,
        typer.Option(
            help="Show the game as this seat saw it (1 = first seat); everyone's view if left out."
        ),
    ] = None,
    lang: LangOption = "en",
    boards: Annotated[bool, typer.Option(help="Draw the table after every action.")] = False,
) -> None:
    """Replay a saved game move by move."""
    check_lang(lang)
    try:
        record = GameRecord.load(file)
        game = find_game(record.game)
        if seat is not None and not 1 <= seat <= len(record.seats):
            raise fail(f"--seat takes 1 to {len(record.seats)}")
        show_replay(game, record, None if seat is None else seat - 1, lang, console, boards)
    except RecordError as error:
        raise fail(str(error)) from None


THINK_START = 25
"""Rooms the search of `tafel bench server --think` starts from, unless given --rooms."""
MOST_ROOMS = 4000
"""The most rooms the search tries by default (16,000 sockets on each side of loopback)."""


@app.command()
def connect(
    link: Annotated[
        str,
        typer.Argument(
            help="The seat's link the host was given (https://HOST/r/CODE#program=PASS), or the "
            "room's code with --server and --pass."
        ),
    ],
    bot: Annotated[
        str,
        typer.Option(
            help="The bot that plays the seat, as `tafel play` names bots: any level or bot of "
            "the game, deciding on a whole state drawn from what the seat is sent and remembers."
        ),
    ] = "bot:random",
    policy: Annotated[
        str | None,
        typer.Option(
            help="Play a learner's policy instead: a policy file (agent.pt2, as "
            "examples/learn_to_beat_random.py --save writes), or FILE.py:NAME or MODULE:NAME, a "
            "function from the PettingZoo observation to an entry of the action table."
        ),
    ] = None,
    name: Annotated[
        str, typer.Option(help="The name the table sees, shown as a program's.")
    ] = "Visitor",
    pass_: Annotated[
        str | None, typer.Option("--pass", help="The seat's pass, if the link holds none.")
    ] = None,
    server: Annotated[
        str | None, typer.Option(help="The server's address, with a room's code: https://HOST.")
    ] = None,
    matches: Annotated[
        int, typer.Option(min=1, help="How many matches to play, rematches included.")
    ] = 1,
    seed: Annotated[int | None, typer.Option(help="The bot's seed; random if left out.")] = None,
    log: Annotated[
        Path | None,
        typer.Option(help="Write every frame received and message sent here, a JSON a line."),
    ] = None,
    lang: LangOption = "en",
) -> None:
    """Play one seat of a room with a bot, as a program the host invited (docs/protocol.md)."""
    import asyncio
    from statistics import median

    from tafel.client import (
        BotPlayer,
        LinkError,
        NeedsWholeState,
        Player,
        PolicyPlayer,
        Refused,
        Table,
        seat_link,
    )
    from tafel.rl.layouts import NoResearch

    check_lang(lang)
    try:
        seat = seat_link(link, pass_, server)
    except LinkError as error:
        raise fail(str(error)) from None
    player: Player
    if policy is None:
        player = BotPlayer(bot, secrets.randbits(62) if seed is None else seed)
    else:
        player = PolicyPlayer(policy, lang)
    playing = bot if policy is None else policy
    console.print(f"Playing in room {seat.code} at {seat.server} as {escape(name)} ({playing})")
    with ExitStack() as stack:
        kept = None if log is None else stack.enter_context(log.open("w", encoding="utf-8"))

        def write(way: str) -> Callable[[dict[str, Any]], None]:
            def line(message: dict[str, Any]) -> None:
                if kept is not None:
                    kept.write(json.dumps({way: message}) + "\n")

            return line

        table = Table(
            seat, player, name, lang=lang, matches=matches, watch=write("in"), told=write("out")
        )
        try:
            played = asyncio.run(table.play())
        # A refusal, a player that cannot play here (a policy that did not load: ValueError,
        # ImportError, OSError), or the connection lost for good (ConnectionError, an OSError).
        except (
            Refused,
            NeedsWholeState,
            AgentError,
            NoResearch,
            ValueError,
            ImportError,
            OSError,
        ) as error:
            raise fail(str(error)) from None
    thinking = [t.thinking for t in played.timings] or [0.0]
    added = [t.overhead for t in played.timings] or [0.0]
    console.print(
        f"{len(played.finals)} match(es) played to the end in seat {(played.seat or 0) + 1}; "
        f"{len(played.timings)} actions, the bot thinking {1000 * median(thinking):.1f} ms and "
        f"the client adding {1000 * median(added):.2f} ms each (medians); "
        f"{played.resumed} lost connection(s) taken up again"
    )


@app.command()
def bench(
    game_ids: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[GAME]... | server | slaps",
            help="Games to measure; all if none. `server`: the web server under load instead; "
            "`slaps`: who wins simulated slap races, by arrival and in fair mode.",
        ),
    ] = None,
    seconds: Annotated[
        float, typer.Option(min=0.1, help="Seconds for each measurement of each game.")
    ] = 3.0,
    rooms: Annotated[
        list[int] | None,
        typer.Option(
            min=1,
            help="bench server: rooms played at once, 4 seats each (200); give it again for "
            "more runs. With --think: the rooms the search starts from (25).",
        ),
    ] = None,
    processes: Annotated[
        list[int] | None,
        typer.Option(
            min=1,
            max=16,
            help="bench server: server processes sharing the rooms (1); give it again to "
            "compare in one run. More than 1 needs --db and --redis.",
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help="bench server: a PostgreSQL URL; the servers share a fresh schema in it "
            "(else one server on a fresh SQLite store)."
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(help="bench server: Redis's URL, for more than one process."),
    ] = None,
    spread: Annotated[
        bool,
        typer.Option(
            help="bench server, several processes: each room's seats connect to every process "
            "in turn (--spread, forwarded to the room's owner), or all to its owner "
            "(--no-spread, as a proxy that sends a room's sockets to one process)."
        ),
    ] = True,
    room_game: Annotated[
        str | None,
        typer.Option(
            "--game",
            help="bench server: the game of the rooms, one that seats 4 and whose actions carry "
            "no text; the first such installed game if left out.",
        ),
    ] = None,
    think: Annotated[
        float | None,
        typer.Option(
            min=0.01,
            help="bench server: players think this many seconds on average before each move "
            "(log-normal), and the bench searches for the most rooms one server holds with p99 "
            "under 100 ms, from --rooms (25) doubling, then narrowing to a tenth.",
        ),
    ] = None,
    most_rooms: Annotated[
        int,
        typer.Option(min=1, help="bench server --think: the most rooms the search tries."),
    ] = MOST_ROOMS,
    client_processes: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=64,
            help="bench server: processes the clients are spread over, whole rooms each "
            "(1; 2 with --think).",
        ),
    ] = None,
    races: Annotated[int, typer.Option(min=1, help="bench slaps: races simulated.")] = 20000,
    seed: Annotated[
        int,
        typer.Option(
            help="bench slaps: the seed of the simulation; bench server --think: "
            "of the think times."
        ),
    ] = 0,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a JSON list instead of a table.")
    ] = False,
) -> None:
    """Measure, on one core, random playouts, ISMCTS iterations and games (and rounds, where a
    game has them) between the default bots per second; or, with `server`, a server's actions
    per second and the time from an action to every seat's view."""
    if game_ids == ["server"]:
        playable = [game.id for game in GAMES.values() if plays_at_random(game)]
        room_game = room_game or playable[0]
        if room_game not in playable:
            raise fail(f"bench server plays {', '.join(playable)}; not {room_game}")
        counts = processes or [1]
        if max(counts) > 1 and (db is None or redis is None):
            raise fail("bench server with several processes needs --db postgresql… and --redis")
        spreading = client_processes or (1 if think is None else 2)
        if think is not None:
            start = (rooms or [THINK_START])[0]
            search = SearchOptions(think, seed, start, most_rooms, spreading)
            bench_thinking(counts, seconds, room_game, db, redis, spread, search, as_json)
            return
        runs = [(count, each) for count in counts for each in rooms or [200]]
        bench_server(runs, seconds, room_game, db, redis, spread, as_json, spreading)
        return
    if game_ids == ["slaps"]:
        bench_slaps(races, seed, as_json)
        return
    chosen = [find_game(game_id) for game_id in game_ids] if game_ids else list(GAMES.values())
    results = []
    for game in chosen:
        if not as_json:
            console.print(f"measuring {game.id} …")
        results.append(run_bench(game, seconds).to_json())
    if as_json:
        print(json.dumps(results))
        return
    table = Table(title="tafel bench (one core)")
    columns = (
        "game",
        "games/s",
        "actions/s",
        "ISMCTS iterations/s",
        "full rollouts",
        "bot",
        "bot games/s",
    )
    for column in (*columns, "bot rounds/s"):
        table.add_column(column, justify="right")
    for result in results:
        rounds = result.get("bot_rounds_per_second")
        full = result.get("ismcts_full_iterations_per_second")
        table.add_row(
            result["game"],
            f"{result['games_per_second']:,.0f}",
            f"{result['actions_per_second']:,.0f}",
            f"{result['ismcts_iterations_per_second']:,.0f}",
            "" if full is None else f"{full:,.0f}",
            result.get("bot", ""),
            f"{result.get('bot_games_per_second', 0):,.1f}",
            "" if rounds is None else f"{rounds:,.1f}",
        )
    console.print(table)


@app.command()
def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on; 0.0.0.0 lets phones on your network in.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="The store's SQLAlchemy URL, e.g. postgresql+psycopg://user@host/tafel; "
            "SQLite in your data directory if left out."
        ),
    ] = None,
    trust_proxy: Annotated[
        str | None,
        typer.Option(
            help="Addresses of reverse proxies (comma-separated, or *) whose X-Forwarded-For "
            "header names the client; without it the header is ignored and every limit per "
            "client counts the address that connects."
        ),
    ] = None,
    max_rooms: Annotated[
        int | None,
        typer.Option(
            min=1, help="Rooms open at once, at most; past it no room is made. 10000 if left out."
        ),
    ] = None,
    client_limits: Annotated[
        bool,
        typer.Option(
            help="Limit what one address may do: rooms made, seats taken, codes guessed "
            "(docs/security.md). --no-client-limits is for benchmarks on loopback."
        ),
    ] = True,
    json_logs: Annotated[
        bool | None,
        typer.Option(
            "--json-logs/--text-logs",
            help="Log one JSON object per line (for a log collector), or key=value text; "
            "JSON unless standard error is a terminal.",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis's URL, e.g. redis://127.0.0.1:6379/0: run as one of many processes "
            "(on this machine or others) sharing it and a PostgreSQL --db; any of them serves "
            "any room (docs/processes.md)."
        ),
    ] = None,
    redis_prefix: Annotated[
        str, typer.Option(help="Before every key and channel of this site in Redis.")
    ] = "tafel:",
    lease_seconds: Annotated[
        float,
        typer.Option(
            min=0.3,
            max=60,
            help="With --redis: how long a room's lease lasts unrenewed, so how long its "
            "players wait when the process that owns it dies.",
        ),
    ] = 3.0,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=64,
            help="Processes to start on this machine, sharing the port (needs --redis and a "
            "PostgreSQL --db when more than 1).",
        ),
    ] = 1,
    allow_bot: Annotated[
        list[str] | None,
        typer.Option(
            help="A bot installed from another package (its tafel.bots entry point) that rooms "
            "may seat, by name; repeat for more. Rooms offer only Tafel's own and the games' "
            "own bots otherwise.",
        ),
    ] = None,
    api_docs: Annotated[
        bool,
        typer.Option(
            help="Serve the HTTP API's interactive page at /api/docs (Swagger UI, which loads "
            "its scripts from a CDN: for development, not on the origin that keeps players' "
            "passes). The description itself is always at /openapi.json.",
        ),
    ] = False,
) -> None:
    """Serve Tafel in the browser: rooms to share by link, play with friends and bots."""
    # The web stack loads only here, so the terminal commands start as quickly as before.
    import uvicorn
    from sqlalchemy import make_url

    from tafel.server import create_app
    from tafel.server.caps import SOCKET_FRAME_LIMIT
    from tafel.server.limits import LIVE_ROOMS
    from tafel.server.logs import log_config
    from tafel.server.serving import ServeOptions
    from tafel.store import default_url

    url = db or default_url()
    if redis is not None and make_url(url).get_backend_name() != "postgresql":
        raise fail("Processes sharing Redis share one store too: give --db postgresql+psycopg://…")
    if workers > 1 and redis is None:
        raise fail(
            "--workers above 1 needs --redis (who owns each room) and a PostgreSQL --db "
            "(the store they share)."
        )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    store = make_url(url).render_as_string(hide_password=True)
    console.print(f"Tafel is at [bold]http://{shown}:{port}/[/bold] (store: {escape(store)})")
    from tafel.agents.registry import installed_bots

    unknown = sorted(set(allow_bot or ()) - set(installed_bots()))
    if unknown:
        raise fail(
            f"--allow-bot: no installed bot {', '.join(unknown)}; "
            f"installed: {', '.join(installed_bots()) or 'none'}"
        )
    options = ServeOptions(
        url,
        redis,
        redis_prefix,
        lease_seconds,
        max_rooms or LIVE_ROOMS,
        client_limits,
        tuple(sorted(set(allow_bot or ()))),
        api_docs,
    )
    if workers > 1:
        options.to_env()  # for uvicorn's worker processes, which build the app themselves
    # Views are a few kB: compressing every frame would cost more server time than it saves.
    uvicorn.run(
        "tafel.server.serving:app" if workers > 1 else create_app(options.config()),
        factory=workers > 1,
        workers=workers,
        host=host,
        port=port,
        log_level="warning",
        log_config=log_config(not sys.stderr.isatty() if json_logs is None else json_logs),
        ws_per_message_deflate=False,
        # uvicorn would believe X-Forwarded-For from 127.0.0.1 unless told otherwise.
        proxy_headers=trust_proxy is not None,
        forwarded_allow_ips=trust_proxy,
        ws_max_size=SOCKET_FRAME_LIMIT,
    )


BENCH_SEATS = 4
"""The seats of every room of `tafel bench server` (`tafel.loadtest.server`'s tables)."""


def plays_at_random(game: Game) -> bool:
    """Whether `tafel bench server`'s tabs can play the game: four seats, each taking random
    legal actions, none of which says anything."""
    seats = game.min_players <= BENCH_SEATS <= game.max_players
    return seats and not any(action.text_fields for action in game.actions)


def bench_server(
    runs: list[tuple[int, int]],
    seconds: float,
    game: str,
    db: str | None,
    redis: str | None,
    spread: bool,
    as_json: bool,
    client_processes: int = 1,
) -> None:
    """Rooms of 4 random players each, against `tafel serve` on loopback: one run per
    (processes, rooms)."""
    from tafel.loadtest.server import bench_server as run

    results = []
    for processes, rooms in runs:
        if not as_json:
            console.print(
                f"{game}: {rooms} rooms, {rooms * 4} clients, {processes} process"
                f"{'es' if processes > 1 else ''}, {seconds:g} s …"
            )
        result = run(
            rooms,
            seconds,
            game,
            processes=processes,
            db=db,
            redis=redis,
            spread=spread,
            client_processes=client_processes,
        ).to_json()
        results.append({"processes": processes, **result} if len(runs) > 1 else result)
    if as_json:
        print(json.dumps(results[0] if len(runs) == 1 else results))
        return
    print_server_runs(f"tafel bench server (loopback, {game})", results)


@dataclass(frozen=True)
class SearchOptions:
    """`tafel bench server --think`: the mean think time, its seed, the rooms the search
    starts from and the most it tries, and the client processes."""

    think: float
    seed: int
    start: int
    most: int
    client_processes: int


def bench_thinking(
    counts: list[int],
    seconds: float,
    game: str,
    db: str | None,
    redis: str | None,
    spread: bool,
    search: SearchOptions,
    as_json: bool,
) -> None:
    """For each count of server processes, the most rooms held with p99 under 100 ms while
    players think `search.think` seconds a move on average, and the runs that found it."""
    from tafel.loadtest.server import bench_server as run
    from tafel.loadtest.thinking import AIM_MS, Thinking, most_rooms

    def measure(processes: int, rooms: int) -> ServerBench:
        if not as_json:
            console.print(
                f"{game}: {rooms} rooms, {rooms * 4} players thinking {search.think:g} s, "
                f"{processes} process{'es' if processes > 1 else ''}, {seconds:g} s …"
            )
        return run(
            rooms,
            seconds,
            game,
            processes=processes,
            db=db,
            redis=redis,
            spread=spread,
            think=Thinking(search.think, search.seed),
            client_processes=search.client_processes,
        )

    reports: list[dict[str, Any]] = []
    for processes in counts:
        held, runs = most_rooms(partial(measure, processes), search.start, search.most)
        reports.append(
            {
                "processes": processes,
                "think": search.think,
                "most_rooms": held,
                "runs": [bench.to_json() for bench in runs],
            }
        )
    if as_json:
        print(json.dumps(reports[0] if len(reports) == 1 else reports))
        return
    for report in reports:
        print_server_runs(
            f"tafel bench server --think {search.think:g} ({game}, {report['processes']} "
            f"process{'es' if report['processes'] > 1 else ''})",
            report["runs"],
        )
        console.print(
            f"Most rooms held with p99 under {AIM_MS:g} ms: [bold]{report['most_rooms']}[/bold]"
        )


def print_server_runs(title: str, results: list[dict[str, Any]]) -> None:
    table = Table(title=title)
    columns = {"processes": "{}"} if "processes" in results[0] else {}
    columns |= {"rooms": "{}", "clients": "{}", "actions_per_second": "{:,.0f}"}
    columns |= {"p50_ms": "{:.1f}", "p99_ms": "{:.1f}"}
    if "server_cpu_ms" in results[0]:
        columns |= {"server_cpu_ms": "{:.2f}", "client_cpu_ms": "{:.2f}"}
        columns |= {"machine_busy": "{:.0%}"}
    if "slaps" in results[0]:
        columns |= {"slaps": "{}", "slaps_refused": "{}", "slaps_slowed": "{}"}
        columns |= {"slap_p50_ms": "{:.1f}", "slap_p99_ms": "{:.1f}"}
        columns |= {"slap_wait_p99_ms": "{:.1f}"}
    for column in columns:
        table.add_column(SERVER_COLUMNS[column], justify="right")
    for result in results:
        table.add_row(*(shape.format(result[column]) for column, shape in columns.items()))
    console.print(table)


SERVER_COLUMNS = {
    "processes": "processes",
    "rooms": "rooms",
    "clients": "clients",
    "actions_per_second": "actions/s",
    "p50_ms": "p50 ms",
    "p99_ms": "p99 ms",
    "server_cpu_ms": "server ms CPU",
    "client_cpu_ms": "client ms CPU",
    "machine_busy": "busy",
    "slaps": "slaps",
    "slaps_refused": "refused",
    "slaps_slowed": "slowed",
    "slap_p50_ms": "slap p50 ms",
    "slap_p99_ms": "slap p99 ms",
    "slap_wait_p99_ms": "wait p99 ms",
}


def bench_slaps(races: int, seed: int, as_json: bool) -> None:
    """Simulated slap races with tabs 20-150 ms away: who wins, by arrival and in fair mode."""
    from tafel.loadtest.slaps import bench_slaps as run

    result = run(races, seed).to_json()
    if as_json:
        print(json.dumps(result))
        return
    table = Table(title=f"tafel bench slaps ({races:,} races, tabs 20-150 ms away)")
    for column in ("mode", "faster reaction wins", "…of races clear by > 15 ms", "honest refused"):
        table.add_column(column, justify="right")
    for mode in ("arrival", "fair"):
        table.add_row(
            mode,
            f"{100 * result['faster_wins'][mode]:.2f}%",
            f"{100 * result['faster_wins_clear'][mode]:.2f}%",
            str(result["honest_slaps_refused"][mode]),
        )
    console.print(table)
