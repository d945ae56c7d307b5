// Text in the player's language. It comes from the server's catalogs, the same files the
// terminal reads, so nothing is translated twice here.

export const LANGUAGES = ["en", "nl"];
const STORED = "tafel.lang";

let texts = { engine: {}, server: {}, web: {}, games: {} };

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

// Catalog templates are Python's str.format with plain {name} fields.
export function format(template, params = {}) {
  return template.replace(/\{(\w+)\}/g, (field, key) => (key in params ? String(params[key]) : field));
}

export function t(key, params) {
  return format(texts.web[key] ?? texts.engine[key] ?? key, params);
}

// A game's own text, then what the web client adds for it ("<game>.<key>"), then the shell's
// and the engine's.
export function gameText(gameId) {
  const own = texts.games[gameId] || {};
  const web = texts.web;
  return (key, params) =>
    format(own[key] ?? web[`${gameId}.${key}`] ?? web[key] ?? texts.engine[key] ?? key, params);
}

export function known(key) {
  return key in texts.web || key in texts.engine;
}
