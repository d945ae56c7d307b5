// The websocket of one room: says hello with the seat's pass, hands every frame on, and comes
// back by itself after a dropped connection (the server sends the seat's view again). The
// server's pings are answered here at once, and keep `clock`, the offset to the server's clock.

import { ServerClock } from "./clock.js";

export const REFUSED = 4403;

export class RoomSocket {
  constructor(code, token, lang, { onFrame, onStatus }) {
    this.code = code;
    this.token = token;
    this.lang = lang;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.wait = 500;
    this.closed = false;
    this.clock = new ServerClock();
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${this.code}`);
    this.socket = socket;
    socket.onopen = () => {
      this.wait = 500;
      this.clock.reset();
      const hello = { type: "hello", lang: this.lang };
      if (this.token) hello.token = this.token;
      socket.send(JSON.stringify(hello));
      this.onStatus("open");
    };
    socket.onmessage = (message) => {
      const frame = JSON.parse(message.data);
      if (frame.type === "ping") {
        this.clock.pinged(frame);
        this.send({ type: "pong", id: frame.id });
      } else if (frame.type === "clock") this.clock.measured(frame);
      else this.onFrame(frame);
    };
    socket.onclose = (event) => {
      if (this.closed || event.code === REFUSED) return;
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
