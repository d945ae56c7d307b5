"""A player's score pile ("Puntenstapel"), bottom card first, face-down cards stored as `~kind`.

These are the pile's own rules: which card shows the player's location, how cards are turned
face down to the bottom, and how a Genie turns them back up.
"""

from __future__ import annotations

from tafel.games.tornado_alert.cards import LOCATION, NO_LOCATION, VALUE


def face_up(entry: int) -> int:
    """The card of a pile entry, whichever way up it lies."""
    return entry if entry >= 0 else ~entry


def settle_top(pile: list[int]) -> None:
    """ "The top card cannot be a zero card or a face-down card, unless the pile holds only such
    cards": each such card on top goes to the bottom, so the next card shows the location."""
    if not any(entry >= 0 and VALUE[entry] for entry in pile):
        return
    while pile[-1] < 0 or not VALUE[pile[-1]]:
        pile.insert(0, pile.pop())


def location_of(pile: list[int]) -> int:
    """ "The top card of the pile gives the location": NO_LOCATION for an empty pile, or one of
    only zero and face-down cards."""
    if not pile or pile[-1] < 0:
        return NO_LOCATION
    return LOCATION[pile[-1]]


def strike_top(pile: list[int]) -> int:
    """Tornado: the card showing the location goes face down to the bottom; returns it."""
    card = pile.pop()
    pile.insert(0, ~card)
    settle_top(pile)
    return card


def lightning_card(pile: list[int]) -> int | None:
    """Lightning: the index of the face-up card of lowest value, at least 1; the topmost of
    several such cards ("wordt daarvan de bovenste gekozen")."""
    best: int | None = None
    for index in range(len(pile) - 1, -1, -1):
        entry = pile[index]
        if entry >= 0 and VALUE[entry] and (best is None or VALUE[entry] < VALUE[pile[best]]):
            best = index
    return best


def strike_lowest(pile: list[int], index: int) -> int:
    """Lightning: the chosen card goes face down to the bottom; returns it."""
    card = pile.pop(index)
    pile.insert(0, ~card)
    settle_top(pile)
    return card


def restore_face_down(pile: list[int]) -> int:
    """Genie: every face-down card is turned face up where it lies; returns how many."""
    turned = sum(1 for entry in pile if entry < 0)
    if turned:
        pile[:] = [face_up(entry) for entry in pile]
        settle_top(pile)
    return turned
