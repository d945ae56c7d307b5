"""How a round ends and what it scores: the rulebook's summary ("Berekening van de score")."""

from __future__ import annotations

from enum import StrEnum


class Ending(StrEnum):
    SPY_GUESSED = "spy_guessed"
    """The spy revealed and named the location: the spy wins."""
    SPY_GUESSED_WRONG = "spy_guessed_wrong"
    """The spy revealed and named another location: the agents win."""
    AGENT_CONVICTED = "agent_convicted"
    """A vote agreed on an agent: the spy wins."""
    SPY_CONVICTED = "spy_convicted"
    """A vote agreed on the spy: the agents win."""
    NO_CONSENSUS = "no_consensus"
    """Time ran out and no nomination won every vote: the spy wins, but less."""


SPY_POINTS = {
    Ending.SPY_GUESSED: 4,  # "Spion wint door locatie te raden: 4 punten voor spion"
    Ending.AGENT_CONVICTED: 4,  # "Spion wint door valse beschuldiging: 4 punten voor spion"
    Ending.NO_CONSENSUS: 2,  # "Spion wint zonder valse beschuldiging: 2 punten voor spion"
}
AGENT_POINTS = 1
""""Agenten winnen: elke agent krijgt 1 punt"."""
ACCUSER_BONUS = 1
""""Agent die spel onderbrak en de spion beschuldigt: 1 bonuspunt"."""


def spy_wins(ending: Ending) -> bool:
    return ending in SPY_POINTS


def round_points(players: int, spy: int, ending: Ending, accuser: int | None) -> list[int]:
    """Each seat's points for the round. `accuser` is whoever stopped the clock to accuse the
    player the vote agreed on; None when the round ended otherwise (at time up, by a guess)."""
    points = [0] * players
    if spy_wins(ending):
        points[spy] = SPY_POINTS[ending]
        return points
    for seat in range(players):
        if seat != spy:
            points[seat] = AGENT_POINTS
    if ending is Ending.SPY_CONVICTED and accuser is not None:
        points[accuser] += ACCUSER_BONUS
    return points
