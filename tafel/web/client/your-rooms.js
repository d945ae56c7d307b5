// The rooms this browser holds a seat in, on the home page: a lost link is no lost game. Each is
// asked after once; a room the server no longer has is forgotten, so it is not asked after again.

import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { api, passes, showCode } from "./api.js";
import { t } from "./i18n.js";
import { navigate } from "./ui.js";

const SHOWN = 8;

export function YourRooms({ games, lang }) {
  const [rooms, setRooms] = useState([]);
  useEffect(() => {
    let live = true;
    const held = passes.recent().slice(0, SHOWN);
    Promise.all(
      held.map((pass) =>
        api("GET", `/api/rooms/${pass.code}`)
          .then((room) => ({ pass, room }))
          .catch((failure) => {
            if (failure.key === "room_not_found") passes.drop(pass.code);
            return null;
          }),
      ),
    ).then((found) => live && setRooms(found.filter((entry) => entry && entry.room.status !== "closed")));
    return () => {
      live = false;
    };
  }, []);
  if (!rooms.length) return null;
  return html`<section class="card your-rooms">
    <h2>${t("your_rooms")}</h2>
    <ul>
      ${rooms.map(({ pass, room }) => {
        const game = games.find((g) => g.id === room.game);
        const title = game ? game.titles[lang] || game.titles.en : room.game;
        const go = (event) => (event.preventDefault(), navigate(`/r/${room.code}`));
        return html`<li data-code=${room.code}>
          <a href=${`/r/${room.code}`} onClick=${go}>
            <strong>${title}</strong>
            <span class="room-code">${showCode(room.code)}</span>
            <small>${t(`room_status.${room.status}`)} · ${room.seats[pass.seat]?.name || ""}</small>
          </a>
        </li>`;
      })}
    </ul>
  </section>`;
}
