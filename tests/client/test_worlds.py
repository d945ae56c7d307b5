"""Every bot of every game plays a program's seat from the seat's view: the whole state it
imagines (`tafel.client.worlds`, each game's `worlds.py`) shows the seat exactly what it was
sent and offers it the same actions, and is drawn from what the seat has seen alone. Each bot
then plays a match to its end through `BotPlayer`, fed state frames as a room sends them."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tafel.agents import Agent
from tafel.agents.base import RandomAgent, race
from tafel.agents.registry import agent_names, resolve
from tafel.client import BotPlayer, Turn
from tafel.client.worlds import worlds_of
from tafel.engine import SYSTEM, Action, Game, Json, Rng, Seat, State
from tafel.games import get_game

OPTIONS: dict[str, list[list[str]]] = {
    "add-vantage": [
        [],
        ["hidden-tiles=true", "remove-die=true", "remove-anytime=true"],
        ["tiles-stay=true", "diagonal=either", "hidden-tiles=true"],
        ["arrange-tiles=true", "fewer-dice-for-room=true"],
    ],
    "liars-dice": [[], ["ones-wild=true", "dice=3"]],
    "maillot": [[], ["combat-points=true", "rainbow-jersey=lap-settled", "goal=5"]],
    "spyfall": [[], ["roles=false"]],
    "tony-tino": [[], ["open-discards=true", "open-money=true", "out-of-figures=skip"]],
    "tornado-alert": [
        [],
        ["open-pile=true", "lightning=laid-before"],
        ["tornado-alert-2=true", "face-down-minus=true", "rover-out-for-game=true"],
        ["lightning=laid-before", "rover-out-for-game=true", "face-down-cheaters=true"],
    ],
}
"""Each game with options that change what a seat sees or what lies hidden."""
GAMES = sorted(OPTIONS)
MOVES = 300
"""The most moves of a match the property test plays: most matches end sooner."""


def seen(view: Json) -> Json:
    """A view without the events of the last move (an imagined state has made none)."""
    return {key: value for key, value in view.items() if key != "events"}


def legal(state: State, seat: Seat) -> list[Json]:
    return sorted((a.template().to_json() for a in state.legal_actions(seat)), key=repr)


class Walk:
    """A match played at random, each seat's recall folded over every view it was sent."""

    def __init__(self, game: Game, players: int, options: Any, seed: int) -> None:
        self.game = game
        self.options = options
        self.state = game.start(players, seed, options)
        self.rng = Rng(seed)
        self.agent = RandomAgent(game, Rng(seed + 1))
        self.remember = getattr(worlds_of(game), "remember", None)
        self.recall: list[Any] = [None] * players
        self.see()

    def see(self) -> None:
        if self.remember is not None:
            for seat in range(self.state.players):
                self.recall[seat] = self.remember(self.recall[seat], self.state.view(seat), seat)

    def step(self) -> None:
        move = race(self.state, lambda seat: self.agent, self.rng)
        self.state.apply(move.seat, move.action)
        self.see()

    def imagine(self, view: Json, seat: Seat, seed: int, recall: bool = True) -> State:
        worlds = worlds_of(self.game)
        assert worlds is not None
        kept = self.recall[seat] if recall else None
        state: State = worlds.imagine(self.game, view, seat, self.options, kept, Rng(seed))
        return state


def options_for(game: Game, index: int, players: int) -> Any:
    pairs = OPTIONS[game.id][index % len(OPTIONS[game.id])]
    if "tiles-stay=true" in pairs and players != 2:
        pairs = [pair for pair in pairs if pair != "tiles-stay=true"]
    return game.parse_options(pairs)


def check_worlds(walk: Walk, seed: int, moment: int) -> None:
    """The world a seat that acts now imagines (one of them, in turn, where several act); now
    and then also one that missed every frame before this one (a lost connection)."""
    state = walk.state
    actors = [s for s in state.actors() if s != SYSTEM]
    seat = actors[moment % len(actors)]
    view = state.view(seat)
    world = walk.imagine(view, seat, seed)
    # What the seat was sent, and all of it: the same view, the same actions open.
    assert seen(world.view(seat)) == seen(view)
    assert legal(world, seat) == legal(state, seat)
    assert world.actors() == state.actors()
    # Another real state the seat cannot tell from this one (its hidden parts drawn again)
    # gives the same world for the same draws: nothing hidden went into it.
    other = state.determinize(seat, Rng(seed + 7))
    assert seen(other.view(seat)) == seen(view)
    again = walk.imagine(other.view(seat), seat, seed)
    assert again.snapshot() == world.snapshot()
    if moment % 5 == 0:
        forgetful = walk.imagine(view, seat, seed, recall=False)
        assert seen(forgetful.view(seat)) == seen(view)
        assert legal(forgetful, seat) == legal(state, seat)


@pytest.mark.parametrize(
    ("game_id", "variant"), [(game, i) for game in GAMES for i in range(len(OPTIONS[game]))]
)
@settings(max_examples=3)
@given(data=st.data(), seed=st.integers(0, 2**31))
def test_an_imagined_state_shows_the_seat_what_it_saw_and_nothing_it_did_not(
    game_id: str, variant: int, data: st.DataObject, seed: int
) -> None:
    """At every moment of a match played at random."""
    game = get_game(game_id)
    players = data.draw(st.integers(game.min_players, min(game.max_players, 4)))
    options = options_for(game, variant, players)
    try:
        walk = Walk(game, players, options, seed)
    except ValueError:  # options for other player counts
        assume(False)
    for moment in range(MOVES):
        if walk.state.outcome() is not None:
            break
        check_worlds(walk, seed, moment)
        walk.step()


class Remote(Agent):
    """The program's seat in a bots' match: each decision goes through `BotPlayer` as a state
    frame, and every frame is shown to it as the room would send it."""

    def __init__(self, game: Game, player: BotPlayer, seat: Seat, options: Json) -> None:
        super().__init__(game, Rng(0))
        self.player = player
        self.seat = seat
        self.options = options
        self.n = 0
        self.asked = 0

    def frame(self, state: State) -> Json:
        return {
            "type": "state",
            "match": 1,
            "n": self.n,
            "names": ["x"] * state.players,
            "actors": state.actors(),
            "view": state.view(self.seat),
            "legal": [action.to_json() for action in state.legal_actions(self.seat)],
        }

    def act(self, state: State, seat: Seat) -> Action | None:
        self.asked += 1
        turn = Turn(self.game.id, seat, self.frame(state), None, self.options)
        chosen = self.player.decide(turn)
        if chosen is None:
            return None
        action = self.game.action_from_json(chosen)
        state.check(seat, action)  # what the server would refuse, the test refuses
        return action


def small(game: Game, name: str) -> str:
    """The bot with a search's budget cut to a few samples: the test is whether it plays."""
    cls, _ = resolve(name, game)
    if "iterations" in cls.params:
        return f"{name}:iterations=4"
    if "samples" in cls.params:
        return f"{name}:samples=4"
    return name


def bots() -> list[tuple[str, str]]:
    return [(game, name) for game in GAMES for name in agent_names(get_game(game))]


@pytest.mark.parametrize(("game_id", "name"), bots())
def test_every_bot_plays_a_seat_from_what_the_seat_is_sent(game_id: str, name: str) -> None:
    game = get_game(game_id)
    players = 2 if game.min_players <= 2 else game.min_players
    options = game.parse_options(["rounds=1"] if game_id == "spyfall" else [])
    state = game.start(players, 11, options)
    player = BotPlayer(small(game, name), seed=5)
    player.meet(game_id)
    remote = Remote(game, player, players - 1, game.options_to_json(options))
    others = RandomAgent(game, Rng(3))
    rng = Rng(9)
    player.see(remote.frame(state), remote.seat)
    while state.outcome() is None:
        move = race(state, lambda seat: remote if seat == remote.seat else others, rng)
        state.apply(move.seat, move.action)
        remote.n += 1
        player.see(remote.frame(state), remote.seat)
    assert remote.asked > 0


UNREAD = {"rng", "rainbow_deck", "bid_turn", "ending_no_feed", "attempt_points", "combat"}
"""What a Maillot state holds that its seat's world may leave otherwise: the hidden jerseys'
order (drawn anew), and bookkeeping no rule reads before it is set again (an auction's turn
outside an auction, the ending lap's feed when no lap ends, a caught breakaway's combat points)
or, without the combat-points option, at all (combat points)."""


@pytest.mark.parametrize("players", [2, 4])
def test_a_maillot_seat_that_saw_every_frame_knows_the_race_but_the_hidden_orders(
    players: int,
) -> None:
    game = get_game("maillot")
    walk = Walk(game, players, game.parse_options([]), players)
    while walk.state.outcome() is None:
        state = walk.state
        seat = state.actors()[0]
        world: Any = walk.imagine(state.view(seat), seat, 1)
        real, imagined = state.snapshot(), world.snapshot()
        unseen = max(0, len(real["deck"]) - real["drawn"])  # never drawn: order unknown
        assert sorted(imagined["deck"][:unseen]) == sorted(real["deck"][:unseen])
        assert imagined["deck"][unseen:] == real["deck"][unseen:]
        for name in set(real) - UNREAD - {"deck"}:
            assert imagined[name] == real[name], name
        walk.step()
