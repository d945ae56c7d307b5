// This tab's offset to the server's clock, for games where seats race (a slap): the server pings,
// the tab answers at once and is told the round trip. Of the last few exchanges the one with the
// shortest round trip is the least disturbed by queues on the way, so its offset is kept.
// Times are in milliseconds: the server's clock, and performance.now() here.

const SAMPLES = 8;

export class ServerClock {
  constructor() {
    this.pending = new Map();
    this.samples = [];
  }

  // A new connection numbers its pings from 1 again.
  reset() {
    this.pending.clear();
  }

  pinged({ id, at }) {
    this.pending.set(id, { at, received: performance.now() });
  }

  measured({ id, rtt }) {
    const ping = this.pending.get(id);
    if (!ping) return;
    this.pending.delete(id);
    // The ping left the server at `at` and took about half the round trip to come.
    this.samples.push({ rtt, offset: ping.at + rtt / 2 - ping.received });
    if (this.samples.length > SAMPLES) this.samples.shift();
  }

  // A moment on the server's clock as performance.now() will read it; null while unknown.
  local(serverTime) {
    if (!this.samples.length) return null;
    const best = this.samples.reduce((a, b) => (b.rtt < a.rtt ? b : a));
    return serverTime - best.offset;
  }
}
