// Home: join a room by its code, or set up a new one (game, players, options, your name).

import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { api, passes, typedCode } from "./api.js";
import { gameText, t } from "./i18n.js";
import { HowLink, gameFacts } from "./how.js";
import { hasRenderer } from "./renderers.js";
import { Notice, useNotice } from "./notices.js";
import { Header, navigate } from "./ui.js";
import { YourRooms } from "./your-rooms.js";

const NAME = "tafel.name";

export function Home({ lang, switchLang, games }) {
  const playable = games.filter(hasRenderer);
  const [code, setCode] = useState("");
  const [gameId, setGameId] = useState(playable[0]?.id);
  const game = playable.find((g) => g.id === gameId);
  const [players, setPlayers] = useState(game ? game.min_players : 2);
  const [options, setOptions] = useState({});
  const [roomOptions, setRoomOptions] = useState({});
  const [name, setName] = useState(localStorage.getItem(NAME) || "");
  const [error, setError, clearError] = useNotice(null);
  const [said, say, clearSaid] = useNotice(null);
  // Told once, on arrival (a room just left): a reload does not tell it again.
  useEffect(() => {
    if (!history.state?.said) return;
    say(history.state.said);
    history.replaceState(null, "");
  }, []);

  const choose = (id) => {
    const chosen = playable.find((g) => g.id === id);
    setGameId(id);
    setPlayers(chosen.min_players);
    setOptions({});
    setRoomOptions({});
  };

  // Only the options that mean something for this player count and the other options chosen
  // are offered, and only those are sent: an option ticked, then hidden, is not played.
  const values = (list, chosen) => Object.fromEntries(list.map((o) => [o.name, chosen[o.name] ?? o.default]));
  const shown = game ? game.options.filter((o) => applies(o, Number(players), values(game.options, options))) : [];
  const sent = Object.fromEntries(shown.filter((o) => o.name in options).map((o) => [o.name, options[o.name]]));

  const create = async (event) => {
    event.preventDefault();
    localStorage.setItem(NAME, name);
    try {
      const made = await api("POST", "/api/rooms", {
        body: { game: gameId, players: Number(players), options: sent, room_options: roomOptions, name },
      });
      passes.set(made.room.code, made.seat, made.token);
      navigate(`/r/${made.room.code}`);
    } catch (failure) {
      setError(failure.message);
    }
  };

  const join = (event) => {
    event.preventDefault();
    const tidy = typedCode(code);
    if (tidy) navigate(`/r/${tidy}`);
  };

  return html`<div class="top">
      <${Header} title="" lang=${lang} switchLang=${switchLang} />
      <div class="notices">
        <${Notice} text=${said} info onClose=${clearSaid} />
        <${Notice} text=${error} onClose=${clearError} />
      </div>
    </div>
    <main class="home">
      <p class="lead">${t("tagline")}</p>
      <${YourRooms} games=${games} lang=${lang} />
      <form class="card join" onSubmit=${join}>
        <h2>${t("join_room")}</h2>
        <div class="row">
          <input name="code" value=${code} maxlength="12" autocomplete="off" autocapitalize="characters"
            placeholder=${t("room_code")} aria-label=${t("room_code")}
            onInput=${(e) => setCode(e.target.value)} />
          <button type="submit">${t("join")}</button>
        </div>
      </form>
      <form class="card create" onSubmit=${create}>
        <h2>${t("new_room")}</h2>
        <div class="games" role="radiogroup" aria-label=${t("game")}>
          ${playable.map(
            (g) => html`<label class=${`game-choice ${g.id === gameId ? "chosen" : ""}`}>
              <input type="radio" name="game" value=${g.id} checked=${g.id === gameId}
                onChange=${() => choose(g.id)} />
              <strong>${g.titles[lang] || g.titles.en}</strong>
              <span class="line">${gameText(g.id)("line")}</span>
              <small>${gameFacts(g)}</small>
              <${HowLink} game=${g} />
            </label>`,
          )}
        </div>
        ${game &&
        html`<label class="field">${t("players")}
            <select name="players" value=${players} onChange=${(e) => setPlayers(e.target.value)}>
              ${range(game.min_players, game.max_players).map((n) => html`<option value=${n}>${n}</option>`)}
            </select>
          </label>
          <details class="options">
            <summary>${t("options")}</summary>
            ${shown.map(
              (option) => html`<${OptionField} option=${option} lang=${lang}
                value=${options[option.name] ?? option.default}
                onChange=${(value) => setOptions({ ...options, [option.name]: value })} />`,
            )}
            <h3 class="options-heading">${t("table_options")}</h3>
            ${game.room_options.map(
              (option) => html`<${OptionField} option=${option} lang=${lang}
                value=${roomOptions[option.name] ?? option.default}
                onChange=${(value) => setRoomOptions({ ...roomOptions, [option.name]: value })} />`,
            )}
          </details>`}
        <label class="field">${t("your_name")}
          <input name="name" value=${name} maxlength="24" required autocomplete="nickname"
            onInput=${(e) => setName(e.target.value)} />
        </label>
        <button type="submit" class="primary">${t("create_room")}</button>
      </form>
    </main>`;
}

function OptionField({ option, value, onChange, lang }) {
  const help = option.help[lang] || option.help.en || option.name;
  if (option.kind === "bool") {
    return html`<label class="option">
      <input type="checkbox" name=${option.name} checked=${value}
        onChange=${(e) => onChange(e.target.checked)} />
      <span>${help}</span>
    </label>`;
  }
  if (option.kind === "choice") {
    return html`<label class="option field"><span>${help}</span>
      <select name=${option.name} value=${value} onChange=${(e) => onChange(e.target.value)}>
        ${option.choices.map(
          (choice) => html`<option value=${choice}>${option.labels?.[choice]?.[lang] || option.labels?.[choice]?.en || choice}</option>`,
        )}
      </select>
    </label>`;
  }
  if (option.kind === "lines") {
    return html`<label class="option field"><span>${help}</span>
      <textarea name=${option.name} value=${value} onChange=${(e) => onChange(e.target.value)} />
    </label>`;
  }
  const [least, most] = option.range || [];
  return html`<label class="option field"><span>${help}</span>
    <input type=${option.kind === "int" ? "number" : "text"} name=${option.name} value=${value}
      min=${least} max=${most}
      onChange=${(e) => onChange(option.kind === "int" ? Number(e.target.value) : e.target.value)} />
  </label>`;
}

// An option's `players` range and the true/false option it `requires`, if any.
function applies(option, players, values) {
  const [least, most] = option.players || [players, players];
  return least <= players && players <= most && (!option.requires || Boolean(values[option.requires]));
}

function range(least, most) {
  return Array.from({ length: most - least + 1 }, (_, i) => least + i);
}
