// The server's clock as this tab estimates it, for timers (a timed round), reveals (a card shown on
// every screen at once, see room.js) and anything else scheduled on the server's time. The server
// pings (`at`: its time in ms when it sent the ping), the tab answers at once and is told the round
// trip the server measured; the server's time when the ping arrived was then about `at + rtt / 2`.
// Of the last few samples the one with the shortest round trip is the least disturbed by queues on
// the way. Until the first sample, the time a timer says it was sent stands in for the countdown; a
// reveal waits for a real sample. Times are in ms: the server's clock, and performance.now() here.

const SAMPLES = 8;

export class ServerTime {
  constructor() {
    this.pings = new Map();
    this.samples = [];
    this.rough = null;
  }

  // A new connection numbers its pings from 1 again.
  reset() {
    this.pings.clear();
  }

  ping(id, at) {
    this.pings.set(id, { at, local: performance.now() });
    for (const old of this.pings.keys()) if (this.pings.size > SAMPLES) this.pings.delete(old);
  }

  roundTrip(id, rtt) {
    const ping = this.pings.get(id);
    if (!ping) return;
    this.pings.delete(id);
    this.samples = [...this.samples, { rtt, offset: ping.at + rtt / 2 - ping.local }].slice(-SAMPLES);
  }

  frame(serverNow) {
    this.rough = serverNow - performance.now();
  }

  offset() {
    if (!this.samples.length) return this.rough ?? 0;
    return this.samples.reduce((best, sample) => (sample.rtt < best.rtt ? sample : best)).offset;
  }

  // The server's time now, in ms.
  now() {
    return performance.now() + this.offset();
  }

  // A moment on the server's clock as performance.now() will read it; null until a round trip
  // is known, as a rough offset could show a card early or late by the frame's way here.
  local(serverTime) {
    return this.samples.length ? serverTime - this.offset() : null;
  }
}
