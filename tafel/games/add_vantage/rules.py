"""Add-Vantage, top to bottom beside the rulebook (add-vantage.nl.txt) and RULINGS.md.

Each player has a 3×3 board. A row's tile lies at its right end, a column's at its bottom. Three
dice in a line that add up to the line's tile win that tile; the main diagonal can win one of
the two bonus tiles in the middle. Coins are not spent by rolling: a player rolls one die per
coin held; a coin pays for discarding a rolled die, or buys a die off another player's board.

A turn is one of:
- roll: roll dice (`Roll`), then place each on an empty cell (`Place`) or discard it (`Discard`);
- buy: pay a coin to another player for a die on their board (`Buy`), then place it (`Place`).
With the optional rule (c) a turn may begin by removing one's own die for a coin (`Remove`; with
`remove-anytime`, at any point of the turn), and a player who could do nothing else may keep
their board as it is (`Pass`). With `arrange-tiles` each player first lays their six tiles on
the slots of their choice (`Lay`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from itertools import compress
from typing import Any, Literal, Self

from tafel.engine import Action, Event, IllegalAction, Json, Outcome, Rng, Seat, State
from tafel.engine.undo import quiet

with resources.files(__package__).joinpath("content.toml").open("rb") as _file:
    CONTENT: dict[str, Any] = tomllib.load(_file)

TILES: tuple[int, ...] = tuple(
    int(number) for number, count in CONTENT["tiles"].items() for _ in range(count)
)
DICE: int = CONTENT["dice"]
COINS_PER_PLAYER: int = CONTENT["coins_per_player"]
TILES_PER_PLAYER: int = CONTENT["tiles_per_player"]
BONUS_TILES: int = CONTENT["bonus_tiles"]
MIN_PLAYERS, MAX_PLAYERS = CONTENT["players"]
MAX_COINS = COINS_PER_PLAYER * MAX_PLAYERS

CELLS = 9
ROWS = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
COLUMNS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
LINES = ROWS + COLUMNS
"""Line i is scored against tile slot i: slots 0-2 at the rows' ends, 3-5 under the columns."""
MAIN_DIAGONAL = (0, 4, 8)
ANTI_DIAGONAL = (2, 4, 6)
DIAGONALS = {"main": (MAIN_DIAGONAL,), "either": (MAIN_DIAGONAL, ANTI_DIAGONAL)}
LINES_THROUGH = tuple(
    tuple(i for i, line in enumerate(LINES) if cell in line) for cell in range(CELLS)
)


CELL_NAMES = tuple("abc"[cell % 3] + str(cell // 3 + 1) for cell in range(CELLS))
"""Column letter and row number, as on the board drawn by the terminal: a1 is top left."""


def line_name(line: int) -> str:
    return f"row {line + 1}" if line < 3 else f"column {'abc'[line - 3]}"


@dataclass(frozen=True)
class Options:
    tiles_stay: bool = field(
        default=False,
        metadata={
            "players": (2, 2),
            "help": {
                "en": "Two players: won tiles stay on your board and only count at the end, "
                "when both boards are full.",
                "nl": "Twee spelers: gewonnen tegels blijven op je bord liggen en tellen pas "
                "aan het einde, als beide borden vol zijn.",
            },
        },
    )
    hidden_tiles: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "Keep the tiles you win hidden from the other players.",
                "nl": "De tegels die je wint blijven verborgen voor de anderen.",
            }
        },
    )
    remove_die: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "Once per turn you may pay a coin to take one of your own dice off your "
                "board.",
                "nl": "Eenmaal per beurt mag je een munt betalen om een eigen steen van je "
                "bord te halen.",
            }
        },
    )
    diagonal: Literal["main", "either"] = field(
        default="main",
        metadata={
            "help": {
                "en": "Which diagonal wins a bonus tile.",
                "nl": "Welke diagonaal een bonustegel oplevert.",
            },
            "labels": {
                "main": {
                    "en": "Top left to bottom right",
                    "nl": "Linksboven naar rechtsonder",
                },
                "either": {
                    "en": "Either diagonal",
                    "nl": "Allebei",
                },
            },
        },
    )
    arrange_tiles: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "Before the first roll, everyone lays their six tiles on the spots they "
                "like (otherwise they lie as drawn).",
                "nl": "Voor de eerste worp legt iedereen zijn zes tegels op de plekken die hij "
                "wil (anders liggen ze zoals ze getrokken zijn).",
            }
        },
    )
    fewer_dice_for_room: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "Never roll more dice than you have empty spots (otherwise, as in the "
                "rulebook: with 2 coins or more you roll at least 2, and a die with no spot "
                "costs a coin).",
                "nl": "Gooi nooit meer stenen dan je lege vakken hebt (anders, zoals in de "
                "spelregels: met 2 munten of meer gooi je er minstens 2, en een steen zonder "
                "vak kost een munt).",
            }
        },
    )
    idle_rounds: int = field(
        default=3,
        metadata={
            "range": (0, 20),
            "help": {
                "en": "The game ends, scored as it stands, after this many rounds of only "
                "buying dice (nobody rolled, paid a coin into the box or won a tile); 0: never.",
                "nl": "Het spel eindigt, en telt zoals het ligt, na zoveel rondes van alleen "
                "stenen kopen (niemand gooide, betaalde een munt in de doos of won een "
                "tegel); 0: nooit.",
            },
        },
    )
    remove_anytime: bool = field(
        default=False,
        metadata={
            "requires": "remove-die",
            "help": {
                "en": "With taking a die off: you may do it at any point of your turn, also "
                "after rolling or buying (otherwise only before).",
                "nl": "Bij een steen weghalen: dat mag op elk moment van je beurt, ook na "
                "gooien of kopen (anders alleen ervoor).",
            },
        },
    )


# --- Actions -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll this many dice: one per coin held, at least two when holding two or more."""

    kind = "roll"
    dice: int


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put a rolled (or bought) die showing `value` on an empty cell of one's own board."""

    kind = "place"
    value: int
    cell: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Give up a rolled die showing `value` by paying a coin into the box."""

    kind = "discard"
    value: int


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Pay `seller` a coin for the die on `cell` of their board."""

    kind = "buy"
    seller: int
    cell: int


@dataclass(frozen=True, slots=True)
class Remove(Action):
    """Optional rule (c): pay a coin into the box to take one's own die off `cell`."""

    kind = "remove"
    cell: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Optional rule (c): a player who could only remove a die keeps their board as it is."""

    kind = "pass"


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """Option `arrange-tiles`: lay a drawn tile showing `tile` on the empty tile `slot` (0-2 at
    the rows' ends, 3-5 under the columns)."""

    kind = "lay"
    tile: int
    slot: int


ROLLS = tuple(Roll(n) for n in range(1, MAX_COINS + 1))
PLACES = tuple(tuple(Place(value, cell) for cell in range(CELLS)) for value in range(1, 7))
DISCARDS = tuple(Discard(value) for value in range(1, 7))
BUYS = tuple(tuple(Buy(seller, cell) for cell in range(CELLS)) for seller in range(MAX_PLAYERS))
REMOVES = tuple(Remove(cell) for cell in range(CELLS))
PASS = Pass()
TILE_NUMBERS = tuple(sorted(set(TILES)))
SLOTS = len(LINES)
LAYS = {tile: tuple(Lay(tile, slot) for slot in range(SLOTS)) for tile in TILE_NUMBERS}
ALL_ACTIONS: tuple[Action, ...] = (
    ROLLS
    + tuple(a for row in PLACES for a in row)
    + DISCARDS
    + tuple(a for row in BUYS for a in row)
    + REMOVES
    + (PASS,)
    + tuple(a for tile in TILE_NUMBERS for a in LAYS[tile])
)

# Phases of a turn.
ARRANGE = "arrange"  # option arrange-tiles: players lay their tiles before the first roll
CHOOSE = "choose"  # roll or buy (or, with rule (c), first remove)
PLACE_ROLLED = "place_rolled"
PLACE_BOUGHT = "place_bought"
OVER = "over"


class AddVantageState(State):
    __slots__ = (
        "_outcome",
        "_players",
        "bonus",
        "box",
        "coins",
        "current",
        "dice",
        "events",
        "hands",
        "idle_turns",
        "no_buyback",
        "options",
        "pending",
        "phase",
        "pool",
        "progressed",
        "removed",
        "reserved",
        "rng",
        "seller",
        "tiles",
        "unused",
        "won",
    )

    def __init__(self, players: int, options: Options, rng: Rng) -> None:
        self._players = players
        self.options = options
        self.rng = rng
        self.dice: list[list[int]] = [[0] * CELLS for _ in range(players)]
        """The pips of the die on each cell of each board; 0 for an empty cell."""
        self.tiles: list[list[int]] = []
        """Each board's six line tiles; 0 where the tile has been won (or, while tiles are
        arranged, not laid yet)."""
        self.hands: list[list[int]] = [[] for _ in range(players)]
        """Option arrange-tiles: each player's drawn tiles not yet laid, lowest first."""
        self.bonus: list[int] = []
        """The bonus tiles in the middle; 0 once won."""
        self.reserved: list[tuple[Seat, int] | None] = [None] * BONUS_TILES
        """Rule (a): the (seat, diagonal index) whose diagonal holds a bonus tile for now."""
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.coins = [COINS_PER_PLAYER] * players
        self.box = 0
        """Coins out of the game."""
        self.pool = DICE
        """Dice in the middle of the table."""
        self.unused: list[int] = []
        """Tiles out of the game, face down: nobody sees them."""
        self.current: Seat = 0
        self.phase = CHOOSE
        self.pending: list[int] = []
        """Dice rolled (or the die bought) this turn and not yet placed, lowest first."""
        self.seller: Seat | None = None
        self.removed = False
        """Rule (c): whether the current player removed a die this turn."""
        self.progressed = False
        """Whether this turn brought the game nearer its end (`end_turn`)."""
        self.idle_turns = 0
        """Turns in a row that did not (`idle_rounds`)."""
        self.no_buyback: list[list[tuple[Seat, int]]] = [[] for _ in range(players)]
        """Per seat: the (buyer, cell) dice just bought from it, which it may not buy back on
        its next turn."""
        self.events: list[Event] = []
        self._outcome: Outcome | None = None

    @property
    def players(self) -> int:
        return self._players

    # --- Setup ("Voorbereiding") ---------------------------------------------------------------

    def prepare(self) -> None:
        """Mix the tiles face down; each player draws 6 for their board at random, two more lie
        face up as bonus tiles, the rest leave the game unseen. Everyone gets 2 coins."""
        tiles = list(TILES)
        self.rng.shuffle(tiles)
        for _ in range(self._players):
            self.tiles.append(tiles[:TILES_PER_PLAYER])
            del tiles[:TILES_PER_PLAYER]
        self.bonus = tiles[:BONUS_TILES]
        self.unused = sorted(tiles[BONUS_TILES:])
        self.current = 0
        if self.options.arrange_tiles:
            self.hands = [sorted(drawn) for drawn in self.tiles]
            self.tiles = [[0] * SLOTS for _ in range(self._players)]
            self.phase = ARRANGE

    def lay(self, seat: Seat, tile: int, slot: int, events: list[Event]) -> None:
        """ "De tegels kunnen willekeurig op het bord geplaatst worden": read as "as the player
        likes", each player lays their drawn tiles (shown face up) in turn order; then the
        first player rolls."""
        self.hands[seat].remove(tile)
        self.tiles[seat][slot] = tile
        events.append(Event("lay", {"tile": tile, "line": line_name(slot)}, seat))
        if self.hands[seat]:
            return
        if seat + 1 < self._players:
            self.current = seat + 1
        else:
            self.current = 0
            self.phase = CHOOSE

    # --- Who may do what -------------------------------------------------------------------------

    def actors(self) -> list[Seat]:
        return [] if self.phase == OVER else [self.current]

    def empty_cells(self, seat: Seat) -> list[int]:
        board = self.dice[seat]
        return [cell for cell in range(CELLS) if not board[cell]]

    def room(self, seat: Seat) -> int:
        """How many empty cells a board has."""
        return self.dice[seat].count(0)

    def roll_range(self, seat: Seat) -> range:
        """One die per coin, and at least two with two coins or more ("Spelers met meer dan 2
        muntjes moeten minstens 2 dobbelstenen gooien"), even with one empty cell: the die
        without a cell is then discarded for a coin. Nobody rolls onto a full board.

        Ruling: never more dice than lie in the middle. Option fewer-dice-for-room: nobody is
        made to roll more than they have empty cells for (they may choose to, and discard the
        rest).
        """
        room = self.room(seat)
        most = min(self.coins[seat], self.pool)
        least = min(2, most, room) if self.options.fewer_dice_for_room else min(2, most)
        return range(least, most + 1) if least >= 1 and room else range(0)

    def can_act(self, seat: Seat) -> bool:
        """A player with no coins, or with nothing to do, is skipped (but can still be bought
        from). Under rule (c) a player with dice on their board is asked: they may remove one,
        or pass when they can do nothing else."""
        if self.coins[seat] == 0:
            return False
        if self.options.remove_die and self.room(seat) < CELLS:
            return True
        if not self.room(seat):
            return False
        return self.pool > 0 or bool(self._buys(seat))

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat != self.current or self.phase == OVER:
            return []
        if self.phase == ARRANGE:
            free = [slot for slot in range(SLOTS) if not self.tiles[seat][slot]]
            return [LAYS[tile][slot] for tile in sorted(set(self.hands[seat])) for slot in free]
        if self.phase == CHOOSE:
            return self._choices(seat)
        empty = self.empty_cells(seat)
        actions: list[Action] = []
        for value in sorted(set(self.pending)):
            row = PLACES[value - 1]
            actions.extend([row[cell] for cell in empty])
            if self.phase == PLACE_ROLLED and self.coins[seat]:
                actions.append(DISCARDS[value - 1])
        if self.options.remove_anytime:
            actions.extend(self._removes(seat))
        return actions

    def _choices(self, seat: Seat) -> list[Action]:
        actions: list[Action] = [ROLLS[n - 1] for n in self.roll_range(seat)]
        if self.coins[seat] and self.room(seat):
            actions.extend(self._buys(seat))
        if not actions and self.options.remove_die:
            # "kan ... opgeven": removing is a choice, never the only thing left to do.
            actions.append(PASS)
        actions.extend(self._removes(seat))
        return actions

    def _removes(self, seat: Seat) -> list[Action]:
        if self.options.remove_die and not self.removed and self.coins[seat]:
            return list(compress(REMOVES, self.dice[seat]))
        return []

    def _only_removal_left(self, seat: Seat) -> bool:
        return not self.roll_range(seat) and not (self.room(seat) and self._buys(seat))

    def _buys(self, buyer: Seat) -> list[Action]:
        """Every die on another player's board, but those the buyer may not buy back."""
        blocked = self.no_buyback[buyer]
        buys: list[Action] = []
        for seller in range(self._players):
            if seller != buyer:
                buys.extend(compress(BUYS[seller], self.dice[seller]))
        if blocked:
            return [buy for buy in buys if (buy.seller, buy.cell) not in blocked]  # type: ignore[attr-defined]
        return buys

    def check(self, seat: Seat, action: Action) -> None:
        if self.phase == ARRANGE and not isinstance(action, Lay):
            raise IllegalAction("arrange_first")
        match action:
            case Lay(tile=tile, slot=slot):
                if self.phase != ARRANGE:
                    raise IllegalAction("tiles_laid")
                if not 0 <= slot < SLOTS:
                    raise IllegalAction("no_such_slot")
                if tile not in self.hands[seat]:
                    raise IllegalAction("no_such_tile", tile=tile)
                if self.tiles[seat][slot]:
                    raise IllegalAction("slot_taken")
            case Pass():
                if not self.options.remove_die:
                    raise IllegalAction("remove_not_in_game")
                self._check_choosing()
                if not self._only_removal_left(seat):
                    raise IllegalAction("pass_only_when_stuck")
            case Roll(dice=n):
                self._check_choosing()
                allowed = self.roll_range(seat)
                if not allowed:
                    raise IllegalAction(self._why_no_roll(seat))
                if n < allowed.start:
                    raise IllegalAction(
                        "roll_at_least", least=allowed.start, coins=self.coins[seat]
                    )
                if n > allowed.stop - 1:
                    raise IllegalAction("roll_at_most", most=allowed.stop - 1)
            case Place(value=value, cell=cell):
                self._check_cell(cell)
                if self.phase not in (PLACE_ROLLED, PLACE_BOUGHT):
                    raise IllegalAction("nothing_to_place")
                if value not in self.pending:
                    raise IllegalAction("no_such_die", value=value)
                if self.dice[seat][cell]:
                    raise IllegalAction("cell_taken", cell=CELL_NAMES[cell])
            case Discard(value=value):
                if self.phase == PLACE_BOUGHT:
                    raise IllegalAction("place_bought_die")
                if self.phase != PLACE_ROLLED:
                    raise IllegalAction("nothing_to_place")
                if value not in self.pending:
                    raise IllegalAction("no_such_die", value=value)
                if not self.coins[seat]:
                    raise IllegalAction("no_coins")
            case Buy(seller=seller, cell=cell):
                self._check_cell(cell)
                if not 0 <= seller < self._players:
                    raise IllegalAction("no_such_player", seat=seller + 1)
                self._check_choosing()
                if not self.coins[seat]:
                    raise IllegalAction("no_coins")
                if not self.room(seat):
                    raise IllegalAction("board_full")
                if seller == seat:
                    raise IllegalAction("buy_from_self")
                if not self.dice[seller][cell]:
                    raise IllegalAction("no_die_there", cell=CELL_NAMES[cell])
                if (seller, cell) in self.no_buyback[seat]:
                    raise IllegalAction("no_buyback", cell=CELL_NAMES[cell])
            case Remove(cell=cell):
                self._check_cell(cell)
                if not self.options.remove_die:
                    raise IllegalAction("remove_not_in_game")
                if not self.options.remove_anytime:
                    self._check_choosing()
                if self.removed:
                    raise IllegalAction("removed_already")
                if not self.coins[seat]:
                    raise IllegalAction("no_coins")
                if not self.dice[seat][cell]:
                    raise IllegalAction("no_die_there", cell=CELL_NAMES[cell])
            case _:
                raise IllegalAction("malformed_action")

    def _why_no_roll(self, seat: Seat) -> str:
        if not self.coins[seat]:
            return "no_coins"
        if not self.room(seat):
            return "board_full"
        return "no_dice_left"

    @staticmethod
    def _check_cell(cell: int) -> None:
        if not 0 <= cell < CELLS:
            raise IllegalAction("no_such_cell")

    def _check_choosing(self) -> None:
        if self.phase != CHOOSE:
            raise IllegalAction("place_first")

    # --- A turn ----------------------------------------------------------------------------------

    def _perform(self, seat: Seat, action: Action) -> list[Event]:
        events: list[Event] = []
        match action:
            case Roll(dice=n):
                self.roll(seat, n, events)
            case Place(value=value, cell=cell):
                self.place(seat, value, cell, events)
            case Discard(value=value):
                self.discard(seat, value, events)
            case Buy(seller=seller, cell=cell):
                self.buy(seat, seller, cell, events)
            case Remove(cell=cell):
                self.remove(seat, cell, events)
            case Pass():
                events.append(Event("pass", {}, seat))
                self.end_turn(events, passed=True)
            case Lay(tile=tile, slot=slot):
                self.lay(seat, tile, slot, events)
        return events

    def roll(self, seat: Seat, n: int, events: list[Event]) -> None:
        """Roll one die per coin used; the dice then wait to be placed or discarded."""
        self.pending = sorted(self.rng.roll(n))
        self.pool -= n
        self.progressed = True
        self.phase = PLACE_ROLLED
        events.append(Event("roll", {"dice": list(self.pending)}, seat))

    def place(self, seat: Seat, value: int, cell: int, events: list[Event]) -> None:
        """A placed die never moves on its own board; placing it may win tiles at once."""
        self.pending.remove(value)
        self.dice[seat][cell] = value
        events.append(Event("place", {"value": value, "cell": CELL_NAMES[cell]}, seat))
        if self.options.tiles_stay:
            self.hold_bonus_tiles(events)
        else:
            self.win_tiles(seat, cell, events)
        if self.phase == PLACE_BOUGHT:
            assert self.seller is not None
            self.no_buyback[self.seller].append((seat, cell))
            self.seller = None
        if not self.pending:
            self.end_turn(events)

    def discard(self, seat: Seat, value: int, events: list[Event]) -> None:
        """Giving up a die ("een dobbelsteen opgeven"): the die goes back to the middle, the
        coin leaves the game."""
        self.pending.remove(value)
        self.pool += 1
        self.pay_into_box(seat)
        events.append(Event("discard", {"value": value}, seat))
        if not self.pending:
            self.end_turn(events)

    def buy(self, seat: Seat, seller: Seat, cell: int, events: list[Event]) -> None:
        """Buying a die ("een dobbelsteen kopen"): the seller cannot refuse and receives the
        coin."""
        value = self.dice[seller][cell]
        events.append(
            Event("buy", {"seller": seller, "value": value, "cell": CELL_NAMES[cell]}, seat)
        )
        self.coins[seat] -= 1
        self.coins[seller] += 1
        self.take_die(seller, cell, events)
        self.pending = [value]
        self.seller = seller
        self.phase = PLACE_BOUGHT

    def remove(self, seat: Seat, cell: int, events: list[Event]) -> None:
        """Optional rule (c): once per turn, a coin out of the game to take off one's own die.
        A removal before rolling or buying that spends the last coin ends the turn; one made
        while dice wait to be placed (option remove-anytime) leaves them to be placed."""
        value = self.dice[seat][cell]
        events.append(Event("remove", {"value": value, "cell": CELL_NAMES[cell]}, seat))
        self.take_die(seat, cell, events)
        self.pool += 1
        self.pay_into_box(seat)
        self.removed = True
        if self.phase == CHOOSE and not self.can_act(seat):
            self.end_turn(events)

    def pay_into_box(self, seat: Seat) -> None:
        self.coins[seat] -= 1
        self.box += 1
        self.progressed = True

    def take_die(self, seat: Seat, cell: int, events: list[Event]) -> None:
        self.dice[seat][cell] = 0
        if self.options.tiles_stay:
            self.release_bonus(seat, cell, events)

    # --- Winning tiles ----------------------------------------------------------------------------

    def diagonals(self) -> tuple[tuple[int, int, int], ...]:
        return DIAGONALS[self.options.diagonal]

    def line_sum(self, seat: Seat, line: tuple[int, ...]) -> int | None:
        """The sum of a line's dice, or None unless it holds exactly three."""
        board = self.dice[seat]
        first, second, third = board[line[0]], board[line[1]], board[line[2]]
        return first + second + third if first and second and third else None

    def win_tiles(self, seat: Seat, cell: int, events: list[Event]) -> None:
        """Three dice adding up to a line's tile win it at once; two dice never count. The
        diagonal wins a bonus tile it adds up to, first come first served."""
        tiles = self.tiles[seat]
        for line in LINES_THROUGH[cell]:
            if tiles[line] and self.line_sum(seat, LINES[line]) == tiles[line]:
                self.take_tile(seat, tiles[line], events, line=line_name(line))
                tiles[line] = 0
        for diagonal in self.diagonals():
            total = self.line_sum(seat, diagonal) if cell in diagonal else None
            if total is not None and total in self.bonus:
                self.bonus[self.bonus.index(total)] = 0
                self.take_tile(seat, total, events, line="diagonal")

    def take_tile(self, seat: Seat, tile: int, events: list[Event], line: str) -> None:
        self.won[seat].append(tile)
        self.progressed = True
        secret = ("tile",) if self.options.hidden_tiles else ()
        events.append(Event("win_tile", {"tile": tile, "line": line}, seat, secret))

    def hold_bonus_tiles(self, events: list[Event]) -> None:
        """Rule (a): a diagonal adding up to a free bonus tile holds it until a die leaves it.
        When a tile comes free, the diagonals that add up to it are served in turn order from
        the current player, whose action freed it."""
        for offset in range(self._players):
            seat = (self.current + offset) % self._players
            for index, diagonal in enumerate(self.diagonals()):
                if (seat, index) in self.reserved:
                    continue
                total = self.line_sum(seat, diagonal)
                for slot, tile in enumerate(self.bonus):
                    if tile == total and self.reserved[slot] is None:
                        self.reserved[slot] = (seat, index)
                        events.append(Event("hold_bonus", {"tile": tile}, seat))
                        break

    def release_bonus(self, seat: Seat, cell: int, events: list[Event]) -> None:
        for index, diagonal in enumerate(self.diagonals()):
            if cell in diagonal and (seat, index) in self.reserved:
                self.reserved[self.reserved.index((seat, index))] = None
                self.hold_bonus_tiles(events)

    # --- End of a turn and of the game ------------------------------------------------------------

    def end_turn(self, events: list[Event], passed: bool = False) -> None:
        """The game ends once a board is full at the end of a turn (rule (a): both boards), or
        when the table has gone round in circles (`idle_round_out`); otherwise the next player
        who can act takes a turn."""
        self.no_buyback[self.current] = []
        self.removed = False
        self.phase = CHOOSE
        full = [0 not in board for board in self.dice]
        if (all(full) if self.options.tiles_stay else any(full)) or self.idle_round_out(events):
            self.end_game(events)
        else:
            self.next_turn(events, passed)

    def idle_round_out(self, events: list[Event]) -> bool:
        """Ruling 13: a turn brings the game nearer its end when a die leaves the middle, a
        coin goes into the box or a tile is won; each of these can happen only so often. Only
        a turn of buying (or passing) can be idle, and buying can go round the table for ever.
        After `idle_rounds` rounds of idle turns in a row the players stop and count."""
        self.idle_turns = 0 if self.progressed else self.idle_turns + 1
        self.progressed = False
        limit = self.options.idle_rounds * self._players
        if not limit or self.idle_turns < limit:
            return False
        events.append(Event("idle_end", {"rounds": self.options.idle_rounds}))
        return True

    def next_turn(self, events: list[Event] | None = None, passed: bool = False) -> None:
        """Players who cannot act are skipped; when nobody can, the game is over. Ruling: a
        player who passed (rule (c)) and whose turn comes straight round again, nobody else
        having been able to act, would face the same board: the game is over."""
        for offset in range(1, self._players + 1):
            seat = (self.current + offset) % self._players
            if self.can_act(seat) and not (passed and seat == self.current):
                self.current = seat
                return
            self.no_buyback[seat] = []  # their next turn has passed
            if events is not None and seat != self.current:
                events.append(Event("skip", {}, seat))
        self.end_game(events if events is not None else [])

    def end_game(self, events: list[Event]) -> None:
        """Score the tiles won (rule (a): the lines that add up now, and the bonus tiles held)."""
        if self.options.tiles_stay:
            self.score_standing_tiles(events)
        self.phase = OVER
        self.pending = []
        self._outcome = Outcome.from_scores([sum(tiles) for tiles in self.won])
        events.append(Event("game_over", {"scores": list(self._outcome.scores)}))

    def score_standing_tiles(self, events: list[Event]) -> None:
        for seat in range(self._players):
            for line, tile in enumerate(self.tiles[seat]):
                if tile and self.line_sum(seat, LINES[line]) == tile:
                    self.take_tile(seat, tile, events, line=line_name(line))
                    self.tiles[seat][line] = 0
        for slot, holder in enumerate(self.reserved):
            if holder is not None:
                self.take_tile(holder[0], self.bonus[slot], events, line="diagonal")
                self.bonus[slot] = 0
                self.reserved[slot] = None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def undoable(self, seat: Seat, action: Action, before: Self) -> bool:
        """Tafel's ruling 14: every step of one's turn but the roll may be taken back while the
        turn goes on: a tile laid, a die placed or discarded, a die bought or removed. Nothing
        in them is hidden (a tile won face down lay face up at its line before)."""
        return quiet(before, self, seat)

    # --- Views, copies and snapshots ------------------------------------------------------------

    def view(self, seat: Seat | None) -> Json:
        return self.views([seat])[0]

    def views(self, seats: Sequence[Seat | None]) -> list[Json]:
        # What every seat sees alike is made once: a view differs only in the won tiles that
        # are hidden from it and in its events.
        over = self.phase == OVER
        hidden = self.options.hidden_tiles and not over
        boards = [
            {
                "dice": list(self.dice[owner]),
                "tiles": [tile or None for tile in self.tiles[owner]],
                "hand": list(self.hands[owner]),
                "coins": self.coins[owner],
                "won": list(self.won[owner]),
                "won_count": len(self.won[owner]),
                "score": sum(self.won[owner]),
                "no_buyback": [[buyer, cell] for buyer, cell in self.no_buyback[owner]],
            }
            for owner in range(self._players)
        ]
        shared = {
            "game": "add-vantage",
            "seat": None,
            "players": self._players,
            "options": {
                "tiles-stay": self.options.tiles_stay,
                "hidden-tiles": self.options.hidden_tiles,
                "remove-die": self.options.remove_die,
                "diagonal": self.options.diagonal,
                "arrange-tiles": self.options.arrange_tiles,
                "fewer-dice-for-room": self.options.fewer_dice_for_room,
                "remove-anytime": self.options.remove_anytime,
                "idle-rounds": self.options.idle_rounds,
            },
            "current": None if over else self.current,
            "phase": self.phase,
            "pending": list(self.pending),
            "removed": self.removed,
            "idle_turns": self.idle_turns,
            "boards": boards,
            "bonus": [tile or None for tile in self.bonus],
            "bonus_held_by": [holder[0] if holder else None for holder in self.reserved],
            "box": self.box,
            "pool": self.pool,
            "unused_tiles": len(self.unused),
            "outcome": self._outcome.to_json() if self._outcome else None,
            "events": [],
        }
        views = []
        for seat in seats:
            view = dict(shared, seat=seat, events=self.events_for(seat))
            if hidden:
                view["boards"] = [
                    board if owner == seat else dict(board, won=None, score=None)
                    for owner, board in enumerate(boards)
                ]
            views.append(view)
        return views

    def clone(self) -> Self:
        return self._copy(self.rng.clone())

    def _copy(self, rng: Rng) -> Self:
        other = type(self).__new__(type(self))
        other._players = self._players
        other.options = self.options
        other.rng = rng
        other.dice = [list(board) for board in self.dice]
        other.tiles = [list(tiles) for tiles in self.tiles]
        other.hands = [list(hand) for hand in self.hands]
        other.bonus = list(self.bonus)
        other.reserved = list(self.reserved)
        other.won = [list(won) for won in self.won]
        other.coins = list(self.coins)
        other.box = self.box
        other.pool = self.pool
        other.unused = list(self.unused)
        other.current = self.current
        other.phase = self.phase
        other.pending = list(self.pending)
        other.seller = self.seller
        other.removed = self.removed
        other.progressed = self.progressed
        other.idle_turns = self.idle_turns
        other.no_buyback = [list(blocked) for blocked in self.no_buyback]
        other.events = list(self.events)
        other._outcome = self._outcome
        return other

    def determinize(self, seat: Seat, rng: Rng) -> Self:
        """Only the unused tiles (seen by nobody) and the dice still to be rolled are unknown.
        Tiles won under rule (b) were face up on their lines before they were won, so every
        player has seen them."""
        return self._copy(rng.split())

    def snapshot(self) -> Json:
        return {
            "players": self._players,
            "options": {
                "tiles_stay": self.options.tiles_stay,
                "hidden_tiles": self.options.hidden_tiles,
                "remove_die": self.options.remove_die,
                "diagonal": self.options.diagonal,
                "arrange_tiles": self.options.arrange_tiles,
                "fewer_dice_for_room": self.options.fewer_dice_for_room,
                "remove_anytime": self.options.remove_anytime,
                "idle_rounds": self.options.idle_rounds,
            },
            "rng": self.rng.to_json(),
            "dice": [list(board) for board in self.dice],
            "tiles": [list(tiles) for tiles in self.tiles],
            "hands": [list(hand) for hand in self.hands],
            "bonus": list(self.bonus),
            "reserved": [list(holder) if holder else None for holder in self.reserved],
            "won": [list(won) for won in self.won],
            "coins": list(self.coins),
            "box": self.box,
            "pool": self.pool,
            "unused": list(self.unused),
            "current": self.current,
            "phase": self.phase,
            "pending": list(self.pending),
            "seller": self.seller,
            "removed": self.removed,
            "progressed": self.progressed,
            "idle_turns": self.idle_turns,
            "no_buyback": [[list(b) for b in blocked] for blocked in self.no_buyback],
            "outcome": self._outcome.to_json() if self._outcome else None,
        }

    @classmethod
    def from_snapshot(cls, data: Json) -> AddVantageState:
        state = cls(data["players"], Options(**data["options"]), Rng.from_json(data["rng"]))
        state.dice = [list(board) for board in data["dice"]]
        state.tiles = [list(tiles) for tiles in data["tiles"]]
        state.hands = [list(hand) for hand in data["hands"]]
        state.bonus = list(data["bonus"])
        state.reserved = [(h[0], h[1]) if h else None for h in data["reserved"]]
        state.won = [list(won) for won in data["won"]]
        state.coins = list(data["coins"])
        state.box = data["box"]
        state.pool = data["pool"]
        state.unused = list(data["unused"])
        state.current = data["current"]
        state.phase = data["phase"]
        state.pending = list(data["pending"])
        state.seller = data["seller"]
        state.removed = data["removed"]
        state.progressed = data["progressed"]
        state.idle_turns = data["idle_turns"]
        state.no_buyback = [[(b[0], b[1]) for b in blocked] for blocked in data["no_buyback"]]
        outcome = data["outcome"]
        if outcome:
            state._outcome = Outcome(tuple(outcome["scores"]), tuple(outcome["ranks"]))
        return state
