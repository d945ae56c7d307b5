"""Train an agent on a Tafel game through its PettingZoo environment until it beats the random
bot, and plot its learning curve.

    .venv/bin/python examples/learn_to_beat_random.py --game add-vantage --minutes 5

The agent is a small actor-critic network (PyTorch, on the CPU): the observation in, a score
for every entry of the game's action table and an estimate of the win share out. It plays games
of `--players` seats (the least the game takes: two, three for Spyfall) against uniformly random
opponents in every other seat, taking each seat in turn, and learns from the end of each game
alone (REINFORCE with the critic as baseline, an entropy bonus to keep it
trying things). Illegal entries are masked out of its choice. Every so often it plays a fixed
set of evaluation games, choosing as it does in training, and the share of them it wins is one
point of the learning curve (`--plot`, a PNG, and `--csv`): it starts where random play does,
at one share in as many as there are players. At the end it also plays them taking its
likeliest action every time. `--save agent.pt2` writes the trained policy as a file that
`tafel tournament --bot policy:agent.pt2` rates on the ladder (docs/rl.md, "A trained policy
on the ladder").
"""

from __future__ import annotations

import csv
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, cast

import numpy as np
import torch
import typer
from gymnasium import spaces
from torch import nn

from tafel.rl.pettingzoo import TafelEnv, env


class ActorCritic(nn.Module):
    def __init__(self, observations: int, actions: int, hidden: int = 128) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(observations, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
        )
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        body = self.body(obs)
        logits = self.policy(body).masked_fill(mask == 0, -1e9)
        return logits, self.value(body).squeeze(-1)


class Policy(nn.Module):
    """The actor alone, as a policy file holds it: scores per entry, illegal ones masked."""

    def __init__(self, net: ActorCritic) -> None:
        super().__init__()
        self.net = net

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        logits: torch.Tensor = self.net(obs, mask)[0]
        return logits


def sizes(game: TafelEnv) -> tuple[int, int]:
    """The game's observation size and the number of entries of its action table."""
    agent = game.possible_agents[0]
    observation = cast(spaces.Dict, game.observation_space(agent))["observation"]
    assert observation.shape is not None
    return observation.shape[0], int(cast(spaces.Discrete, game.action_space(agent)).n)


def save_policy(net: ActorCritic, game_id: str, path: Path, players: int | None = None) -> None:
    """Export the actor (`torch.export`) for any batch size: the file `policy:PATH` plays."""
    observations, actions = sizes(env(game_id, players))
    batch = torch.export.Dim("batch")
    example = (torch.zeros(2, observations), torch.ones(2, actions, dtype=torch.bool))
    program = torch.export.export(
        Policy(net).eval(), example, dynamic_shapes=({0: batch}, {0: batch})
    )
    torch.export.save(program, str(path))


@dataclass
class Curve:
    """The learning curve: after how many training games, and how many CPU seconds of this
    process (evaluations included, so other work on the machine does not count), the agent won
    which share of the evaluation games."""

    games: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    win_share: list[float] = field(default_factory=list)


def play_game(
    game: TafelEnv, net: ActorCritic, seat: int, seed: int, rng: np.random.Generator, greedy: bool
) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One game of the agent (at `seat`) against the random bot in every other seat: its reward
    and its moves."""
    game.reset(seed=seed)
    learner = game.possible_agents[seat]
    moves: list[tuple[np.ndarray, np.ndarray, int]] = []
    reward = 0.0
    for agent in game.agent_iter():
        obs, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            if agent == learner:
                reward = float(game._cumulative_rewards[agent])
            game.step(None)
            continue
        mask = obs["action_mask"]
        if agent == learner:
            with torch.no_grad():
                logits, _ = net(torch.from_numpy(obs["observation"]), torch.from_numpy(mask))
            if greedy:
                action = int(torch.argmax(logits))
            else:
                action = int(torch.multinomial(torch.softmax(logits, -1), 1, True))
            moves.append((obs["observation"], mask, action))
        else:
            action = int(rng.choice(np.flatnonzero(mask)))
        game.step(action)
    return reward, moves


def evaluate(
    game: TafelEnv, net: ActorCritic, games: int, seed: int, greedy: bool = False
) -> float:
    """The agent's mean win share in `games` fixed games, taking each seat in turn."""
    rng = np.random.default_rng(seed)
    total = 0.0
    for k in range(games):
        reward, _ = play_game(game, net, k % game.players, seed + k, rng, greedy)
        total += reward
    return total / games


def train(
    game_id: str = "add-vantage",
    seconds: float = 300.0,
    seed: int = 0,
    games: int | None = None,
    batch: int = 8,
    eval_every: int = 10,
    eval_games: int = 100,
    learning_rate: float = 1e-2,
    entropy: float = 0.01,
    players: int | None = None,
    hidden: int = 128,
) -> tuple[ActorCritic, Curve]:
    """Train for about `seconds` of CPU time, or `games` training games if given; evaluate every
    `eval_every` updates, at the start and at the end."""
    torch.manual_seed(seed)
    game = env(game_id, players, reward="win")
    game.reset(seed=seed)
    net = ActorCritic(*sizes(game), hidden)
    optimizer = torch.optim.Adam(net.parameters(), lr=learning_rate)
    rng = np.random.default_rng(seed)
    curve = Curve()
    started = time.process_time()
    played = updates = 0

    def point() -> None:
        curve.games.append(played)
        curve.seconds.append(time.process_time() - started)
        curve.win_share.append(evaluate(game, net, eval_games, seed=10**6 + seed))

    point()
    while (played < games) if games is not None else (time.process_time() - started < seconds):
        observations, masks, actions, returns = [], [], [], []
        for _ in range(batch):
            reward, moves = play_game(
                game, net, played % game.players, seed + 1 + played, rng, False
            )
            played += 1
            for obs, mask, action in moves:
                observations.append(obs)
                masks.append(mask)
                actions.append(action)
                returns.append(reward)
        logits, values = net(
            torch.from_numpy(np.stack(observations)), torch.from_numpy(np.stack(masks))
        )
        target = torch.tensor(returns, dtype=torch.float32)
        # The log-probabilities of the masked softmax; a masked entry's probability is 0, so it
        # adds nothing to the entropy (its log-probability is finite: masked with -1e9, not -inf).
        log_probs = torch.log_softmax(logits, -1)
        taken = log_probs.gather(1, torch.tensor(actions).unsqueeze(1)).squeeze(1)
        advantage = (target - values).detach()
        loss = (
            -(taken * advantage).mean()
            + 0.5 * ((target - values) ** 2).mean()
            + entropy * (log_probs.exp() * log_probs).sum(-1).mean()
        )
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        updates += 1
        if updates % eval_every == 0:
            point()
    if curve.games[-1] != played:
        point()
    return net, curve


def write_csv(curve: Curve, path: Path) -> None:
    """The learning curve as a table: training games, CPU seconds, win share."""
    with path.open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["games", "cpu_seconds", "win_share"])
        for row in zip(curve.games, curve.seconds, curve.win_share, strict=True):
            writer.writerow([row[0], f"{row[1]:.1f}", f"{row[2]:.3f}"])


def plot(curve: Curve, game_id: str, path: Path, players: int = 2) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    axes.plot(curve.games, curve.win_share, marker="o", label="agent")
    axes.axhline(1 / players, color="grey", linestyle="--", label="as good as random")
    axes.set_xlabel(f"training games against the random bot ({players} players)")
    axes.set_ylabel("win share in evaluation games")
    axes.set_ylim(0, 1)
    axes.set_title(
        f"{game_id}: learning to beat the random bot ({curve.seconds[-1]:.0f} CPU seconds)"
    )
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main(
    game: Annotated[str, typer.Option(help="the game")] = "add-vantage",
    players: Annotated[
        int | None, typer.Option(help="seats at the table (the least the game takes)")
    ] = None,
    minutes: Annotated[float, typer.Option(help="how long to train, in CPU time")] = 5.0,
    hidden: Annotated[int, typer.Option(help="units in each of the two hidden layers")] = 128,
    seed: Annotated[int, typer.Option()] = 0,
    eval_games: Annotated[int, typer.Option(help="evaluation games per point")] = 100,
    plot_path: Annotated[Path, typer.Option("--plot", help="the PNG")] = Path("learning-curve.png"),
    csv_path: Annotated[
        Path | None, typer.Option("--csv", help="the learning curve as a table too")
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="write the trained policy here (policy:PATH plays it)")
    ] = None,
) -> None:
    """Train an agent against the random bot and plot its learning curve."""
    torch.set_num_threads(1)
    net, curve = train(
        game, minutes * 60, seed, eval_games=eval_games, players=players, hidden=hidden
    )
    table = env(game, players)
    for games, seconds, share in zip(curve.games, curve.seconds, curve.win_share, strict=True):
        typer.echo(f"{games:7} games  {seconds:7.1f} CPU s  win share {share:.2f}")
    greedy = evaluate(table, net, eval_games, seed=10**6 + seed, greedy=True)
    typer.echo(f"taking its likeliest action every time: win share {greedy:.2f}")
    plot(curve, game, plot_path, table.players)
    typer.echo(f"learning curve: {plot_path}")
    if csv_path is not None:
        write_csv(curve, csv_path)
        typer.echo(f"learning curve: {csv_path}")
    if save is not None:
        save_policy(net, game, save, players)
        typer.echo(f"policy: {save} (tafel tournament {game} --bot policy:{save} ...)")


if __name__ == "__main__":
    typer.run(main)
