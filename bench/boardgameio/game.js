// Add-Vantage as `tafel bench server` plays it (tafel/games/add_vantage/rules.py with its
// default options: four players, no optional rules), written the plain boardgame.io way: G is
// changed in place through Immer, dice come from boardgame.io's `random`, turns pass by
// `events.endTurn` to the next seat that can act, and the game ends through `endIf`. Only what
// the bench's load needs is here: no terminal text, no undo, no other options.
'use strict';

const { INVALID_MOVE } = require('boardgame.io/core');

// content.toml: tile number = how many tiles carry it (26 in all).
const TILE_COUNTS = { 7: 1, 8: 2, 9: 4, 10: 6, 11: 6, 12: 4, 13: 2, 14: 1 };
const TILES = Object.entries(TILE_COUNTS).flatMap(([tile, count]) =>
  Array(count).fill(Number(tile)),
);
const DICE = 36;
const COINS_PER_PLAYER = 2;
const TILES_PER_PLAYER = 6;
const BONUS_TILES = 2;
const IDLE_ROUNDS = 3;

const CELLS = 9;
// Line i is scored against tile slot i: slots 0-2 at the rows' ends, 3-5 under the columns.
const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
];
const MAIN_DIAGONAL = [0, 4, 8];
const LINES_THROUGH = Array.from({ length: CELLS }, (_, cell) =>
  LINES.flatMap((line, index) => (line.includes(cell) ? [index] : [])),
);

const CHOOSE = 'choose';
const PLACE_ROLLED = 'place_rolled';
const PLACE_BOUGHT = 'place_bought';

function setup({ ctx, random }) {
  const tiles = random.Shuffle(TILES);
  const players = ctx.numPlayers;
  const board = (seat) => tiles.slice(seat * TILES_PER_PLAYER, (seat + 1) * TILES_PER_PLAYER);
  const rest = tiles.slice(players * TILES_PER_PLAYER);
  return {
    dice: Array.from({ length: players }, () => Array(CELLS).fill(0)),
    tiles: Array.from({ length: players }, (_, seat) => board(seat)),
    won: Array.from({ length: players }, () => []),
    coins: Array(players).fill(COINS_PER_PLAYER),
    bonus: rest.slice(0, BONUS_TILES),
    // Tiles out of the game, face down: nobody sees them (playerView).
    unused: rest.slice(BONUS_TILES).sort((a, b) => a - b),
    box: 0,
    pool: DICE,
    current: 0,
    phase: CHOOSE,
    pending: [],
    seller: null,
    progressed: false,
    idleTurns: 0,
    noBuyback: Array.from({ length: players }, () => []),
    over: false,
  };
}

const room = (G, seat) => G.dice[seat].filter((pips) => !pips).length;

// One die per coin held, at least two with two coins or more, never more than the middle holds.
function rollRange(G, seat) {
  const most = Math.min(G.coins[seat], G.pool);
  const least = Math.min(2, most);
  return least >= 1 && room(G, seat) ? [least, most] : null;
}

function buys(G, buyer) {
  const found = [];
  G.dice.forEach((board, seller) => {
    if (seller === buyer) return;
    board.forEach((pips, cell) => {
      const blocked = G.noBuyback[buyer].some(([s, c]) => s === seller && c === cell);
      if (pips && !blocked) found.push([seller, cell]);
    });
  });
  return found;
}

function canAct(G, seat) {
  if (!G.coins[seat] || !room(G, seat)) return false;
  return G.pool > 0 || buys(G, seat).length > 0;
}

// Every legal move of `seat`, as boardgame.io's AI enumerates them: what the bench's clients
// choose from.
function enumerate(G, ctx, seat) {
  if (G.over || seat !== G.current) return [];
  const moves = [];
  if (G.phase === CHOOSE) {
    const range = rollRange(G, seat);
    for (let n = range ? range[0] : 1; range && n <= range[1]; n++) {
      moves.push({ move: 'roll', args: [n] });
    }
    if (G.coins[seat] && room(G, seat)) {
      for (const [seller, cell] of buys(G, seat)) moves.push({ move: 'buy', args: [seller, cell] });
    }
    return moves;
  }
  for (const value of new Set(G.pending)) {
    G.dice[seat].forEach((pips, cell) => {
      if (!pips) moves.push({ move: 'place', args: [value, cell] });
    });
    if (G.phase === PLACE_ROLLED && G.coins[seat]) moves.push({ move: 'discard', args: [value] });
  }
  return moves;
}

const lineSum = (board, line) =>
  line.every((cell) => board[cell]) ? line.reduce((sum, cell) => sum + board[cell], 0) : null;

function takeTile(G, seat, tile) {
  G.won[seat].push(tile);
  G.progressed = true;
}

// Three dice adding up to a line's tile win it; the main diagonal wins a bonus tile it adds up to.
function winTiles(G, seat, cell) {
  const board = G.dice[seat];
  for (const line of LINES_THROUGH[cell]) {
    const tile = G.tiles[seat][line];
    if (tile && lineSum(board, LINES[line]) === tile) {
      takeTile(G, seat, tile);
      G.tiles[seat][line] = 0;
    }
  }
  if (MAIN_DIAGONAL.includes(cell)) {
    const total = lineSum(board, MAIN_DIAGONAL);
    const slot = total === null ? -1 : G.bonus.indexOf(total);
    if (slot >= 0) {
      G.bonus[slot] = 0;
      takeTile(G, seat, total);
    }
  }
}

// The game ends once a board is full or after three rounds in which nobody rolled, paid a coin
// into the box or won a tile; otherwise the next seat that can act takes a turn.
function endTurn(G, events) {
  G.noBuyback[G.current] = [];
  G.phase = CHOOSE;
  G.idleTurns = G.progressed ? 0 : G.idleTurns + 1;
  G.progressed = false;
  const full = G.dice.some((board) => board.every((pips) => pips));
  if (full || G.idleTurns >= IDLE_ROUNDS * G.dice.length) {
    G.over = true;
    return;
  }
  const players = G.dice.length;
  for (let offset = 1; offset <= players; offset++) {
    const seat = (G.current + offset) % players;
    if (canAct(G, seat)) {
      G.current = seat;
      events.endTurn();
      return;
    }
    G.noBuyback[seat] = [];
  }
  G.over = true;
}

const validCell = (cell) => Number.isInteger(cell) && cell >= 0 && cell < CELLS;

function roll({ G, playerID, random }, n) {
  const seat = Number(playerID);
  const range = G.phase === CHOOSE ? rollRange(G, seat) : null;
  if (!range || !Number.isInteger(n) || n < range[0] || n > range[1]) return INVALID_MOVE;
  G.pending = random.Die(6, n).sort((a, b) => a - b);
  G.pool -= n;
  G.progressed = true;
  G.phase = PLACE_ROLLED;
}

function place({ G, playerID, events }, value, cell) {
  const seat = Number(playerID);
  const at = G.pending.indexOf(value);
  if (G.phase === CHOOSE || at < 0 || !validCell(cell) || G.dice[seat][cell]) return INVALID_MOVE;
  G.pending.splice(at, 1);
  G.dice[seat][cell] = value;
  winTiles(G, seat, cell);
  if (G.phase === PLACE_BOUGHT) {
    G.noBuyback[G.seller].push([seat, cell]);
    G.seller = null;
  }
  if (!G.pending.length) endTurn(G, events);
}

function discard({ G, playerID, events }, value) {
  const seat = Number(playerID);
  const at = G.pending.indexOf(value);
  if (G.phase !== PLACE_ROLLED || at < 0 || !G.coins[seat]) return INVALID_MOVE;
  G.pending.splice(at, 1);
  G.pool += 1;
  G.coins[seat] -= 1;
  G.box += 1;
  G.progressed = true;
  if (!G.pending.length) endTurn(G, events);
}

function buy({ G, playerID }, seller, cell) {
  const seat = Number(playerID);
  const blocked = G.noBuyback[seat].some(([s, c]) => s === seller && c === cell);
  if (
    G.phase !== CHOOSE || !validCell(cell) || !Number.isInteger(seller) || seller === seat ||
    !G.dice[seller] || !G.dice[seller][cell] || !G.coins[seat] || !room(G, seat) || blocked
  ) {
    return INVALID_MOVE;
  }
  G.coins[seat] -= 1;
  G.coins[seller] += 1;
  G.pending = [G.dice[seller][cell]];
  G.dice[seller][cell] = 0;
  G.seller = seller;
  G.phase = PLACE_BOUGHT;
}

// `client: false`: a move is computed by the server alone, as in Tafel, so that a client's
// state changes only when the server's update arrives (what the bench times).
const serverMove = (move) => ({ move, client: false });

const AddVantage = {
  name: 'add-vantage',
  minPlayers: 2,
  maxPlayers: 4,
  setup,
  moves: {
    roll: serverMove(roll),
    place: serverMove(place),
    discard: serverMove(discard),
    buy: serverMove(buy),
  },
  turn: {
    order: {
      first: () => 0,
      next: ({ G }) => G.current,
    },
  },
  endIf: ({ G }) =>
    G.over ? { scores: G.won.map((tiles) => tiles.reduce((sum, tile) => sum + tile, 0)) } : undefined,
  // What a seat may not see: the tiles out of the game (only how many there are), as Tafel's view.
  playerView: ({ G }) => {
    const { unused, ...seen } = G;
    return { ...seen, unused: unused.length };
  },
  ai: { enumerate },
};

module.exports = { AddVantage };
