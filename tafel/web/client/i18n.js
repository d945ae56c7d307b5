// Text in the player's language. It comes from the server's catalogs, the same files the
// terminal reads, so nothing is translated twice here.

export const LANGUAGES = ["en", "nl"];
const STORED = "tafel.lang";

let texts = { engine: {}, server: {}, web: {}, games: {}, screens: {} };

export function initialLang() {
  const stored = localStorage.getItem(STORED);
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const lang = tag.slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(lang)) return lang;
  }
  return "en";
}

export async function loadTexts(lang) {
  const response = await fetch(`/api/text/${lang}`);
  texts = await response.json();
  localStorage.setItem(STORED, lang);
  document.documentElement.lang = lang;
}

// Catalog templates are Python's str.format with plain {name} fields. The viewer's seat is named
// by the word "you" (`eventNames`, and nobody may take it as a name: the server refuses it); where
// a template puts it mid-sentence it is the object's form ("Cid asks you", "behalve jou"), at a
// sentence's start the subject's ("You", "Jij").
export function format(template, params = {}) {
  return template.replace(/\{(\w+)\}/g, (field, key, at) => {
    if (!(key in params)) return field;
    const value = String(params[key]);
    if (value !== youWord() || sentenceStart(template.slice(0, at))) return value;
    return texts.engine["you.object"] ?? value;
  });
}

function youWord() {
  return texts.engine.you;
}

function sentenceStart(before) {
  return /(^|[.!?:]\s+)$/.test(before);
}

// A message that counts has a form per plural category of the language ("points#one",
// "points#other"), as the server's catalogs do with Babel; the browser's Intl.PluralRules picks
// the category for the parameter `count` (or `n`).
function counted(table, key, params) {
  const count = params?.count ?? params?.n;
  if (typeof count !== "number") return undefined;
  const category = new Intl.PluralRules(document.documentElement.lang).select(Math.abs(count));
  return table[`${key}#${category}`] ?? table[`${key}#other`];
}

// A message about the player themself has its own wording: "key.you" where they are its subject
// ("You vote yes", "the Rover took all 17 of your cards"), picked where the caller says so
// (`you: true`) or where `name` is the viewer's; "key.you.FIELD" where they are another of its
// people ("Vote: are you the spy?" for `suspect`). A message without one reads the same for
// everyone, with "you" in its place.
function lookup(table, key, params) {
  const own = (suffix) => counted(table, `${key}${suffix}`, params) ?? table[`${key}${suffix}`];
  if (params?.you ?? (params?.name !== undefined && params.name === youWord())) {
    const found = own(".you");
    if (found !== undefined) return found;
  }
  for (const [field, value] of Object.entries(params ?? {})) {
    if (field === "name" || value !== youWord()) continue;
    const found = own(`.you.${field}`);
    if (found !== undefined) return found;
  }
  return counted(table, key, params) ?? table[key];
}

export function t(key, params) {
  return format(lookup(texts.web, key, params) ?? lookup(texts.engine, key, params) ?? key, params);
}

// A game's own text, then what its screen adds (its `client/messages.toml`), then the shell's
// and the engine's.
export function gameText(gameId) {
  const own = texts.games[gameId] || {};
  const screen = texts.screens[gameId] || {};
  return (key, params) =>
    format(
      lookup(own, key, params) ??
        lookup(screen, key, params) ??
        lookup(texts.web, key, params) ??
        lookup(texts.engine, key, params) ??
        key,
      params,
    );
}
