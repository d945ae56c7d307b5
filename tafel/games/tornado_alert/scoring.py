"""Scoring ("Einde van een ronde, puntentelling"; "Einde van het spel"), in hundredths of a point.

A round's result is the average value of the cards on one's score pile to two decimals, plus
the Cheater bonus, plus the tokens applied to it. The game's score is a player's worst result
that was not struck; the best of those wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from tafel.games.tornado_alert.cards import CHEATER, CHEATER_BONUS, CHEATER_THRESHOLD, VALUE

TOKEN = 100
"""A token changes a result by one point."""


def hundredths(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to a whole number, halves away from zero: the averages
    table of the box rounds to two decimals."""
    size = (2 * abs(numerator) + denominator) // (2 * denominator)
    return size if numerator >= 0 else -size


def average(pile: Sequence[int], face_down_value: int) -> int:
    """ "Add up the values of all cards and divide by the number of cards", to two decimals;
    an empty pile scores 0. A face-down card counts as a card worth `face_down_value`."""
    if not pile:
        return 0
    total = sum(VALUE[entry] if entry >= 0 else face_down_value for entry in pile)
    return hundredths(100 * total, len(pile))


def round_result(pile: Sequence[int], face_down_value: int, face_down_cheaters: bool) -> int:
    """The average, then each Cheater adds 0.60 when the average including it is 2.90 or more.
    A face-down Cheater is only a face-down card, unless `face_down_cheaters`."""
    result = average(pile, face_down_value)
    cheaters = sum(
        1 for entry in pile if entry == CHEATER or (face_down_cheaters and entry == ~CHEATER)
    )
    if cheaters and result >= CHEATER_THRESHOLD:
        result += CHEATER_BONUS * cheaters
    return result


def final_result(result: int, tokens: int) -> int:
    """ "A token changes the result by its value" (2.9 + 1 = 3.9)."""
    return result + TOKEN * tokens


def worst_standing(
    results: Sequence[int | None], tokens: Sequence[int], struck: Sequence[bool]
) -> int | None:
    """ "After the third round each player's worst average counts": the lowest result, tokens
    applied, among the rounds scored and not struck; None if there is none yet."""
    standing = [
        final_result(result, applied)
        for result, applied, gone in zip(results, tokens, struck, strict=True)
        if result is not None and not gone
    ]
    return min(standing) if standing else None
