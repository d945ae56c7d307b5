// The websocket of one room: says hello with the seat's pass, hands every frame on, and comes
// back by itself after a dropped connection (the server sends the seat's view again). It answers
// the server's pings itself and keeps the estimate of the server's clock (`time`).

import { ServerTime } from "./servertime.js";

export const REFUSED = 4403;
// The protocol this page speaks (docs/protocol.md); a server of another version refuses it with
// OTHER_VERSION, and trying again would not help: the page must be reloaded.
const PROTOCOL_VERSION = 1;
const OTHER_VERSION = 4426;

export class RoomSocket {
  constructor(code, token, lang, { onFrame, onStatus }) {
    this.code = code;
    this.token = token;
    this.lang = lang;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.wait = 500;
    this.closed = false;
    this.time = new ServerTime();
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${this.code}`);
    this.socket = socket;
    socket.onopen = () => {
      this.wait = 500;
      this.time.reset();
      const hello = { type: "hello", lang: this.lang, version: PROTOCOL_VERSION };
      if (this.token) hello.token = this.token;
      socket.send(JSON.stringify(hello));
      this.onStatus("open");
    };
    socket.onmessage = (message) => {
      const frame = JSON.parse(message.data);
      if (frame.type === "ping") {
        this.time.ping(frame.id, frame.at);
        this.send({ type: "pong", id: frame.id });
      } else if (frame.type === "clock") this.time.roundTrip(frame.id, frame.rtt);
      else {
        // A game's timer or the room's wait: either says the server's time it was sent.
        const timed = frame.type === "state" ? frame.timer || frame.wait : frame.type === "wait" ? frame.wait : null;
        if (timed) this.time.frame(timed.now);
        this.onFrame(frame);
      }
    };
    socket.onclose = (event) => {
      if (this.closed || event.code === REFUSED || event.code === OTHER_VERSION) return;
      this.onStatus("lost");
      setTimeout(() => this.closed || this.open(), this.wait);
      this.wait = Math.min(this.wait * 2, 5000);
    };
  }

  send(message) {
    if (this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  setLang(lang) {
    this.lang = lang;
    this.send({ type: "lang", lang });
  }

  close() {
    this.closed = true;
    this.socket.close();
  }
}
