// boardgame.io's own server with the bench's game: its default storage (in memory, nothing
// kept on disk), its socket.io transport and its lobby API on one port. Prints `ready <port>`
// once it listens, for clients.js.
'use strict';

const { parseArgs } = require('node:util');
const { Server } = require('boardgame.io/server');
const { AddVantage } = require('./game');

const { values } = parseArgs({ options: { port: { type: 'string', default: '8000' } } });

// The bench's clients run in Node, where socket.io sends no Origin: no origins to allow.
const server = Server({ games: [AddVantage], origins: [] });

server.run(Number(values.port)).then(({ appServer }) => {
  console.log(`ready ${appServer.address().port}`);
});
