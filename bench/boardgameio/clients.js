// The load of `tafel bench server` on boardgame.io's server (README.md): R matches of 4 seats,
// each seat a `boardgame.io/client` Client on the SocketIO transport that makes a random legal
// move as soon as its state allows one; a match that ends is followed by the next (the lobby's
// playAgain). An action's time runs from its sending until every seat of its match has the
// state it led to. The measured seconds start once every seat has its first state; over them
// the server process's processor time (every thread, from /proc) is read.
//
//   node clients.js --rooms 20 --seconds 8 [--processes 2] [--server http://127.0.0.1:8000 --pid N]
//
// Without --server it starts server.js itself. The seats are spread over --processes client
// processes, whole matches each, so that the clients are not what holds the server back.
'use strict';

const { fork, spawn, execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { parseArgs } = require('node:util');
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { AddVantage } = require('./game');

const SEATS = 4;
const OPENING_AT_ONCE = 8;
const GAME = AddVantage.name;

// --- The lobby API -------------------------------------------------------------------------------

async function post(base, route, body) {
  const response = await fetch(`${base}/games/${GAME}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function joinAll(base, matchID) {
  return Promise.all(
    Array.from({ length: SEATS }, (_, seat) =>
      post(base, `/${matchID}/join`, { playerID: String(seat), playerName: `p${seat}` }).then(
        (joined) => joined.playerCredentials,
      ),
    ),
  );
}

async function openMatch(base) {
  const { matchID } = await post(base, '/create', { numPlayers: SEATS });
  return { matchID, credentials: await joinAll(base, matchID) };
}

// A few at a time, as `tafel bench server` opens its rooms.
async function openMatches(base, count) {
  const matches = [];
  let next = 0;
  const opener = async () => {
    while (next < count) {
      next += 1;
      matches.push(await openMatch(base));
    }
  };
  await Promise.all(Array.from({ length: OPENING_AT_ONCE }, opener));
  return matches;
}

// --- Processor time, from Linux's /proc ------------------------------------------------------------

const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString());

function processSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS; // utime + stime, every thread
}

function machineTicks() {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1, 11).map(Number);
  const total = ticks.reduce((sum, tick) => sum + tick, 0);
  return { busy: total - ticks[3] - ticks[4], total }; // less idle and waiting for I/O
}

// --- One client process: its matches' seats ------------------------------------------------------

function runSeats(base, matches) {
  const latencies = [];
  let measuring = false;
  let firstStates = 0;
  const rooms = matches.map((match) => ({ ...match, sent: new Map(), seen: new Map(), clients: [] }));

  const act = (room, seat, client, state) => {
    const moves = AddVantage.ai.enumerate(state.G, state.ctx, seat);
    if (!moves.length) return;
    const { move, args } = moves[Math.floor(Math.random() * moves.length)];
    room.sent.set(`${room.matchID}/${state._stateID}`, performance.now());
    client.moves[move](...args);
  };

  const rematch = async (room) => {
    const { nextMatchID } = await post(base, `/${room.matchID}/playAgain`, {
      playerID: '0',
      credentials: room.credentials[0],
    });
    const credentials = await joinAll(base, nextMatchID);
    room.matchID = nextMatchID;
    room.credentials = credentials;
    room.sent.clear();
    room.seen.clear();
    room.clients.forEach((seated, seat) => {
      seated.stale = true;
      seated.client.updateMatchID(nextMatchID);
      seated.client.updateCredentials(credentials[seat]);
    });
  };

  const onState = (room, seat, seated, state) => {
    if (state === null) return;
    const over = state.ctx.gameover !== undefined;
    // Between a rematch and the new match's first state the client still holds the old one.
    if (seated.stale && over) return;
    seated.stale = false;
    const key = `${seated.client.matchID}/${state._stateID}`;
    if (key === seated.last) return; // told again of the same state (players' connections)
    seated.last = key;
    if (!seated.joined) {
      seated.joined = true;
      firstStates += 1;
      if (firstStates === rooms.length * SEATS) process.send({ type: 'ready' });
      return;
    }
    const seen = (room.seen.get(key) || 0) + 1;
    room.seen.set(key, seen);
    if (seen === SEATS) {
      room.seen.delete(key);
      const sentKey = `${seated.client.matchID}/${state._stateID - 1}`;
      const started = room.sent.get(sentKey);
      room.sent.delete(sentKey);
      if (started !== undefined && measuring) latencies.push(performance.now() - started);
    }
    if (!measuring) return;
    if (over) {
      // A rematch still under way when the bench stops may find the server gone.
      if (seat === 0) rematch(room).catch((error) => measuring && fail(error));
      return;
    }
    act(room, seat, seated.client, state);
  };

  for (const room of rooms) {
    for (let seat = 0; seat < SEATS; seat++) {
      const client = Client({
        game: AddVantage,
        multiplayer: SocketIO({ server: base, socketOpts: { transports: ['websocket'] } }),
        matchID: room.matchID,
        playerID: String(seat),
        credentials: room.credentials[seat],
        debug: false,
      });
      const seated = { client, joined: false, stale: false, last: null };
      room.clients.push(seated);
      client.subscribe((state) => onState(room, seat, seated, state));
      client.start();
    }
  }

  let cpuAtStart = null;
  process.on('message', (message) => {
    if (message.type === 'go') {
      measuring = true;
      cpuAtStart = process.cpuUsage();
      // Whoever may move in the first states moves now.
      for (const room of rooms) {
        room.clients.forEach((seated, seat) => act(room, seat, seated.client, seated.client.getState()));
      }
    } else if (message.type === 'stop') {
      measuring = false;
      const used = process.cpuUsage(cpuAtStart);
      for (const room of rooms) room.clients.forEach((seated) => seated.client.stop());
      const report = { type: 'done', latencies, cpu: (used.user + used.system) / 1e6 };
      process.send(report, () => process.exit(0));
    }
  });
}

function fail(error) {
  console.error(error);
  process.exit(1);
}

// --- The bench: server, matches, client processes, measure ----------------------------------------

function startServer() {
  const server = spawn(process.execPath, [path.join(__dirname, 'server.js'), '--port', '0'], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    server.on('exit', (code) => reject(new Error(`server.js ended (${code}) before it was ready`)));
    readline.createInterface({ input: server.stdout }).on('line', (line) => {
      const ready = /^ready (\d+)$/.exec(line);
      if (ready) resolve({ process: server, base: `http://127.0.0.1:${ready[1]}`, pid: server.pid });
    });
  });
}

const percentile = (sorted, share) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] : NaN;

function median(sorted) {
  if (!sorted.length) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function bench({ rooms, seconds, processes, server, pid }) {
  const started = server ? null : await startServer();
  const base = server || started.base;
  const serverPid = pid || started.pid;
  try {
    const matches = await openMatches(base, rooms);
    const workers = Array.from({ length: Math.min(processes, rooms) }, (_, index) => {
      const share = matches.filter((_, number) => number % processes === index);
      const worker = fork(__filename, ['--worker'], { env: { ...process.env, NODE_ENV: 'production' } });
      worker.send({ type: 'seats', base, matches: share });
      return worker;
    });
    const reply = (worker, type) =>
      new Promise((resolve, reject) => {
        worker.on('exit', (code) => reject(new Error(`a client process ended (${code})`)));
        worker.on('message', (message) => message.type === type && resolve(message));
      });
    await Promise.all(workers.map((worker) => reply(worker, 'ready')));
    const done = workers.map((worker) => reply(worker, 'done'));
    // Every seat has its first state: the measured time starts now.
    const cpu0 = processSeconds(serverPid);
    const machine0 = machineTicks();
    const began = performance.now();
    workers.forEach((worker) => worker.send({ type: 'go' }));
    await sleep(seconds * 1000);
    const elapsed = (performance.now() - began) / 1000;
    const cpu = processSeconds(serverPid) - cpu0;
    const machine = machineTicks();
    workers.forEach((worker) => worker.send({ type: 'stop' }));
    const results = await Promise.all(done);
    const latencies = results.flatMap((result) => result.latencies).sort((a, b) => a - b);
    const clientCpu = results.reduce((sum, result) => sum + result.cpu, 0);
    const actions = latencies.length;
    return {
      server: 'boardgame.io 0.50.2',
      rooms,
      clients: rooms * SEATS,
      client_processes: workers.length,
      actions,
      seconds: elapsed,
      actions_per_second: actions / elapsed,
      p50_ms: median(latencies),
      p99_ms: percentile(latencies, 0.99),
      server_cpu_ms: actions ? (1000 * cpu) / actions : null,
      client_cpu_ms: actions ? (1000 * clientCpu) / actions : null,
      machine_busy: (machine.busy - machine0.busy) / (machine.total - machine0.total),
    };
  } finally {
    if (started) started.process.kill();
  }
}

if (process.argv.includes('--worker')) {
  process.once('message', (message) => runSeats(message.base, message.matches));
} else {
  const { values } = parseArgs({
    options: {
      rooms: { type: 'string', default: '20' },
      seconds: { type: 'string', default: '8' },
      processes: { type: 'string', default: '1' },
      server: { type: 'string' },
      pid: { type: 'string' },
    },
  });
  if (Boolean(values.server) !== Boolean(values.pid)) fail(new Error('--server needs --pid, and --pid --server'));
  bench({
    rooms: Number(values.rooms),
    seconds: Number(values.seconds),
    processes: Number(values.processes),
    server: values.server,
    pid: values.pid && Number(values.pid),
  }).then((report) => console.log(JSON.stringify(report)), fail);
}
