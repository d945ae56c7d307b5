// The server's HTTP API, and the seat passes this browser keeps (one per room).

import { initialLang } from "./i18n.js";

const PASSES = "tafel.passes";
const KEPT = 30; // the most recent passes kept; an older one is forgotten

export class ApiError extends Error {
  constructor(message, key) {
    super(message);
    this.key = key;
  }
}

export async function api(method, path, { body, token } = {}) {
  const headers = { "Accept-Language": localStorage.getItem("tafel.lang") || initialLang() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(data.message || response.statusText, data.key);
  return data;
}

function allPasses() {
  try {
    return JSON.parse(localStorage.getItem(PASSES)) || {};
  } catch {
    return {};
  }
}

export const passes = {
  get(code) {
    return allPasses()[code] || null;
  },
  set(code, seat, token) {
    const all = { ...allPasses(), [code]: { seat, token, at: Date.now() } };
    const kept = Object.entries(all).sort(([, a], [, b]) => (b.at || 0) - (a.at || 0)).slice(0, KEPT);
    localStorage.setItem(PASSES, JSON.stringify(Object.fromEntries(kept)));
  },
  // The rooms this browser holds a seat in, the most recent first.
  recent() {
    return Object.entries(allPasses())
      .map(([code, pass]) => ({ code, ...pass }))
      .sort((a, b) => (b.at || 0) - (a.at || 0));
  },
  drop(code) {
    const all = allPasses();
    delete all[code];
    localStorage.setItem(PASSES, JSON.stringify(all));
  },
};

// A room code as people read it aloud: in groups of four ("ABCD EFGH").
export function showCode(code) {
  return code.replace(/(.{4})(?=.)/g, "$1 ");
}

// A room code as typed: spaces, dashes and case do not matter.
export function typedCode(text) {
  return text.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
}

export function roomLink(code) {
  return `${location.origin}/r/${code}`;
}
