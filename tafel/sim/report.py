"""A tournament's report: one HTML page with its figures inside it, and the figures as PNG
files beside it. Everything is computed again from the results file, so a report can be made
of any run, stopped or finished; every figure says how many games it rests on.

An option study (several results files of one game, an option set differently) also gets the
difference each setting makes against the first: in each seat's win share and in the mean game
length, per player count, with its 95% interval (`differences`: the two samples independent,
their variances added). Each results file's own stopping rule holds for it: intervals of a
tournament stopped when its ratings separated are optimistic (`tafel.sim.tournament`).
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from tafel.sim.ratings import Rating, Ratings
from tafel.sim.results import Played, ResultsError, TournamentSpec, read_results, read_spec
from tafel.sim.tournament import Standings, rounds_text

HISTORY_POINTS = 200
"""Points kept of the ratings' course over the games: enough for the figure, a bounded list."""


@dataclass
class Collected:
    """What the figures need beyond the standings: every score and length, and the ratings'
    course."""

    standings: Standings
    scores: dict[tuple[int, int], list[float]] = field(default_factory=lambda: defaultdict(list))
    """(player count, bot) → the bot's score in each of its seats."""
    lengths: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    history: list[tuple[int, list[Rating]]] = field(default_factory=list)
    shares: dict[str, bool] = field(default_factory=dict)
    """Each tally's name → whether it stayed within 0 to 1 in every game (a share, not a count)."""

    def add(self, played: Played, every: int) -> None:
        self.standings.add(played)
        for name, value in played.tallies.items():
            self.shares[name] = self.shares.get(name, True) and 0 <= value <= 1
        for bot, score in zip(played.lineup, played.scores, strict=True):
            self.scores[played.players, bot].append(score)
        self.lengths[played.players].append(played.actions)
        if self.standings.games % every == 0:
            self.history.append((self.standings.games, list(self.standings.ratings.ratings)))


def collect(path: Path) -> Collected:
    spec = read_spec(path)
    total = sum(1 for _ in read_results(path))
    collected = Collected(Standings(spec))
    for played in read_results(path):
        collected.add(played, max(1, total // HISTORY_POINTS))
    return collected


MAX_STUDIES = 4
"""Tournaments set side by side in one report, at most: past it the columns are too narrow."""


@dataclass
class Study:
    """One tournament of a report, with its figures as (name, PNG file, PNG in base64)."""

    path: Path
    label: str
    collected: Collected
    images: list[tuple[str, str, str]]


def write_report(results: Sequence[Path], out: Path) -> Path:
    """Write `out/index.html` and its PNG figures; return the page's path. Several results
    files of one game (an option off and on, say) are set side by side, figure by figure."""
    if not 1 <= len(results) <= MAX_STUDIES:
        raise ResultsError(f"a report takes 1 to {MAX_STUDIES} results files, not {len(results)}")
    collected = [collect(path) for path in results]
    games = {c.standings.spec.game for c in collected}
    if len(games) > 1:
        raise ResultsError(
            f"a report sets side by side tournaments of one game, not {sorted(games)}"
        )
    labels = _labels(results, [c.standings.spec for c in collected])
    out.mkdir(parents=True, exist_ok=True)
    studies = []
    for k, (path, label, one) in enumerate(zip(results, labels, collected, strict=True)):
        prefix = "" if len(results) == 1 else f"{k + 1}-"
        images = []
        for name, figure in _figures(one):
            data = io.BytesIO()
            figure.savefig(data, format="png", dpi=100)
            (out / f"{prefix}{name}.png").write_bytes(data.getvalue())
            images.append((name, f"{prefix}{name}.png", base64.b64encode(data.getvalue()).decode()))
        studies.append(Study(path, label, one, images))
    page = out / "index.html"
    page.write_text(_page(studies), encoding="utf-8")
    return page


@dataclass(frozen=True)
class Difference:
    """What a setting changes against the first study's, at one player count."""

    players: int
    measure: str
    """`seat K win share` or `mean actions`."""
    first: float
    other: float
    interval: float
    """Half-width of the 95% interval of `other - first`."""

    @property
    def change(self) -> float:
        return self.other - self.first


def _mean_and_variance(total: float, squares: float, count: int) -> tuple[float, float]:
    """A mean and the variance of that mean (the sample's, over the count)."""
    mean = total / count
    variance = (squares - count * mean * mean) / (count - 1) if count > 1 else math.nan
    return mean, max(variance, 0.0) / count


def differences(first: Collected, other: Collected) -> list[Difference]:
    """Each seat's win share and the mean game length in `other` against `first`, at every
    player count both played."""
    found = []
    for count, ours in first.standings.seats.items():
        theirs = other.standings.seats.get(count)
        if not ours.games or theirs is None or not theirs.games:
            continue
        for seat in range(count):
            a, var_a = _mean_and_variance(
                ours.seat_wins[seat], ours.seat_wins_squared[seat], ours.games
            )
            b, var_b = _mean_and_variance(
                theirs.seat_wins[seat], theirs.seat_wins_squared[seat], theirs.games
            )
            width = 1.96 * math.sqrt(var_a + var_b)
            found.append(Difference(count, f"seat {seat + 1} win share", a, b, width))
        lengths = [first.lengths[count], other.lengths[count]]
        (a, var_a), (b, var_b) = (
            _mean_and_variance(sum(x), sum(v * v for v in x), len(x)) for x in lengths
        )
        found.append(Difference(count, "mean actions", a, b, 1.96 * math.sqrt(var_a + var_b)))
    return found


def _share(value: float) -> str:
    return f"{value:+.1%}"


def _actions(value: float) -> str:
    return f"{value:+.1f}"


def _differences_html(studies: list[Study]) -> str:
    if len(studies) < 2:
        return ""
    first = studies[0]
    rows = []
    for study in studies[1:]:
        for d in differences(first.collected, study.collected):
            shown = _share if d.measure != "mean actions" else _actions
            rows.append(
                f"<tr><td>{html.escape(study.label)}</td><td>{d.players}</td>"
                f"<td>{html.escape(d.measure)}</td><td>{shown(d.change)}</td>"
                f"<td>{shown(d.change - d.interval)} … {shown(d.change + d.interval)}</td></tr>"
            )
    return f"""<h2>Differences against {html.escape(first.label)}</h2>
<p>Each setting's change from the first, with its 95% interval (the games of the two
tournaments independent, their variances added). An interval that holds 0 shows no difference
these games can tell. A tournament stopped when its ratings separated has optimistic intervals;
play each setting a fixed budget (<code>--fixed-budget</code>) for a study.</p>
<table><tr><th>setting</th><th>players</th><th>measure</th><th>change</th><th>95% interval</th></tr>
{"".join(rows)}</table>"""


def _figures(collected: Collected) -> list[tuple[str, Figure]]:
    figures = [
        ("ratings", _ratings_figure(collected)),
        ("ratings-course", _course_figure(collected)),
        ("seats", _seats_figure(collected)),
        ("scores", _scores_figure(collected)),
        ("lengths", _lengths_figure(collected)),
    ]
    if any(tally.tallies for tally in collected.standings.seats.values()):
        figures.append(("tallies", _tallies_figure(collected)))
    return figures


def _labels(paths: Sequence[Path], specs: Sequence[TournamentSpec]) -> list[str]:
    """What tells the tournaments apart: the options that differ, else the files' names."""
    differing = [
        key
        for key in specs[0].options
        if len({json.dumps(spec.options.get(key)) for spec in specs}) > 1
    ]
    if len(specs) == 1 or not differing:
        return [path.name for path in paths]
    return [
        ", ".join(f"{key}={_shown(spec.options.get(key))}" for key in differing) for spec in specs
    ]


def _shown(value: Any) -> str:
    """An option's value as it is typed on the command line."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _games(n: int) -> str:
    return f"{n:,} game" + ("" if n == 1 else "s")


def _counts(collected: Collected) -> list[int]:
    return [p for p in collected.standings.spec.players if collected.standings.seats[p].games]


def _grid(panels: int, title: str) -> tuple[Figure, list[Axes]]:
    figure = Figure(figsize=(5 * max(panels, 1), 4), layout="constrained")
    axes = figure.subplots(1, max(panels, 1), squeeze=False)[0]
    figure.suptitle(title)
    return figure, list(axes)


def _rating_panel(axes: Axes, bots: tuple[str, ...], ratings: Ratings, title: str) -> None:
    order = sorted(range(len(bots)), key=lambda b: ratings.ratings[b].mu)
    mus = [ratings.ratings[b].mu for b in order]
    widths = [ratings.ratings[b].high - ratings.ratings[b].mu for b in order]
    axes.errorbar(mus, range(len(order)), xerr=widths, fmt="o", capsize=4)
    axes.set_yticks(range(len(order)), [bots[b] for b in order])
    axes.set_xlabel("rating μ (bars: 95% interval, μ ± 1.96σ)")
    axes.set_title(f"{title}: {_games(ratings.games)}")


def _ratings_figure(collected: Collected) -> Figure:
    standings = collected.standings
    counts = _counts(collected)
    figure, axes = _grid(1 + len(counts), f"OpenSkill ratings, {_games(standings.games)}")
    bots = standings.spec.bots
    _rating_panel(axes[0], bots, standings.ratings, "all player counts")
    for panel, count in zip(axes[1:], counts, strict=True):
        _rating_panel(panel, bots, standings.by_players[count], f"{count} players")
    return figure


def _course_figure(collected: Collected) -> Figure:
    standings = collected.standings
    figure, (axes,) = _grid(1, f"Ratings as the games went on, {_games(standings.games)}")
    games = [n for n, _ in collected.history]
    for bot, name in enumerate(standings.spec.bots):
        mus = [ratings[bot].mu for _, ratings in collected.history]
        lows = [ratings[bot].low for _, ratings in collected.history]
        highs = [ratings[bot].high for _, ratings in collected.history]
        (line,) = axes.plot(games, mus, label=name)
        axes.fill_between(games, lows, highs, color=line.get_color(), alpha=0.15)
    axes.set_xlabel("games rated")
    axes.set_ylabel("rating μ, 95% interval shaded")
    axes.legend(fontsize="small")
    return figure


def _seats_figure(collected: Collected) -> Figure:
    counts = _counts(collected)
    figure, axes = _grid(len(counts), "Win share by seat (a shared win counts as a share)")
    for panel, count in zip(axes, counts, strict=True):
        tally = collected.standings.seats[count]
        shares = tally.seat_shares()
        seats = range(1, count + 1)
        panel.bar(seats, [s for s, _ in shares], yerr=[w for _, w in shares], capsize=4)
        panel.axhline(1 / count, linestyle="--", color="grey", label=f"fair share 1/{count}")
        panel.set_xticks(list(seats))
        panel.set_xlabel("seat (1 plays first)")
        panel.set_ylabel("win share (bars: 95% interval)")
        panel.set_title(f"{count} players: {_games(tally.games)}")
        panel.legend(fontsize="small")
    return figure


def _scores_figure(collected: Collected) -> Figure:
    counts = _counts(collected)
    bots = collected.standings.spec.bots
    figure, axes = _grid(len(counts), "Final scores by bot")
    for panel, count in zip(axes, counts, strict=True):
        present = [b for b in range(len(bots)) if collected.scores.get((count, b))]
        panel.hist(
            [collected.scores[count, b] for b in present],
            bins=20,
            label=[bots[b] for b in present],
        )
        panel.set_xlabel("score")
        panel.set_ylabel("seats")
        panel.set_title(f"{count} players: {_games(collected.standings.seats[count].games)}")
        panel.legend(fontsize="small")
    return figure


def _lengths_figure(collected: Collected) -> Figure:
    counts = _counts(collected)
    figure, axes = _grid(len(counts), "Game length")
    for panel, count in zip(axes, counts, strict=True):
        panel.hist(collected.lengths[count], bins=20)
        panel.set_xlabel("actions in the game")
        panel.set_ylabel("games")
        panel.set_title(f"{count} players: {_games(len(collected.lengths[count]))}")
    return figure


def _tallies_figure(collected: Collected) -> Figure:
    """Shares and counts in rows of their own, so a share is not dwarfed by a count."""
    counts = _counts(collected)
    kinds = [
        (label, [name for name, share in collected.shares.items() if share is wanted])
        for label, wanted in (("share (0 to 1)", True), ("count", False))
    ]
    kinds = [(label, names) for label, names in kinds if names]
    figure = Figure(figsize=(5 * len(counts), 1 + 3 * len(kinds)), layout="constrained")
    grid = figure.subplots(len(kinds), len(counts), squeeze=False)
    figure.suptitle("The game's own tallies, mean per game")
    for row, (label, names) in zip(grid, kinds, strict=True):
        for panel, count in zip(row, counts, strict=True):
            tally = collected.standings.seats[count]
            bars = panel.barh(names, [tally.tallies.get(name, 0.0) / tally.games for name in names])
            panel.bar_label(bars, fmt="%.3g", padding=2)
            panel.set_xlabel(f"mean {label}")
            panel.set_title(f"{count} players: {_games(tally.games)}")
    return figure


def _page(studies: list[Study]) -> str:
    first = studies[0].collected.standings.spec
    title = f"{first.game} tournament: {', '.join(first.bots)}"
    if len(studies) > 1:
        title = f"{first.game}: " + " | ".join(study.label for study in studies)
    kinds = list(dict.fromkeys(name for study in studies for name, _, _ in study.images))
    figures = "".join(_row(_figure(study, kind) for study in studies) for kind in kinds)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; }}
.row {{ display: grid; grid-template-columns: repeat({len(studies)}, minmax(0, 1fr)); gap: 1em; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
td, th {{ border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: right; }}
td:first-child, th:first-child {{ text-align: left; }}
img {{ max-width: 100%; }}
</style></head><body>
<h1>{html.escape(title)}</h1>
{_row(_summary(study) for study in studies)}
{_differences_html(studies)}
<h2>Figures</h2>
{figures}
</body></html>
"""


def _row(cells: Iterable[str]) -> str:
    return '<div class="row">' + "".join(f"<div>{cell}</div>" for cell in cells) + "</div>\n"


def _figure(study: Study, kind: str) -> str:
    for name, file, data in study.images:
        if name == kind:
            return (
                f'<figure><img alt="{name}" src="data:image/png;base64,{data}">'
                f'<figcaption><a href="{file}">{file}</a></figcaption></figure>'
            )
    return ""


def _summary(study: Study) -> str:
    standings = study.collected.standings
    spec = standings.spec
    data = standings.to_json()
    ended = "their intervals separated" if data["separated"] else "the results end there"
    rows = "".join(
        f"<tr><td>{html.escape(r['bot'])}</td><td>{r['mu']:.2f}</td><td>{r['sigma']:.2f}</td>"
        f"<td>{r['low']:.2f} … {r['high']:.2f}</td></tr>"
        for r in data["ratings"]
    )
    seats = "".join(
        f"<tr><td>{count}</td><td>{part['games']:,}</td><td>"
        + " · ".join(f"{s['share']:.1%} ± {s['interval']:.1%}" for s in part["seat_win_share"])
        + f"</td><td>{part['mean_actions']:.1f}</td></tr>"
        for count, part in data["by_players"].items()
        if part["games"]
    )
    options = ", ".join(f"{k}={_shown(v)}" for k, v in spec.options.items()) or "defaults"
    return f"""<h2>{html.escape(study.label)}</h2>
<p>{_games(standings.games)} ({rounds_text(data)}) from
<code>{html.escape(str(study.path))}</code>; bots {html.escape(", ".join(spec.bots))}; seed
{spec.seed}; player counts {", ".join(map(str, spec.players))}; options: {html.escape(options)}.
The bots were rated until {ended}.</p>
<h3>Ratings (OpenSkill, Plackett–Luce), {_games(standings.games)}</h3>
<table><tr><th>bot</th><th>μ</th><th>σ</th><th>95% interval</th></tr>{rows}</table>
<h3>Win share by seat (seat 1 plays first), 95% intervals</h3>
<table><tr><th>players</th><th>games</th><th>seat 1 · seat 2 · …</th><th>mean actions</th></tr>
{seats}</table>"""
