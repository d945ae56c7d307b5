// The server's HTTP API, and the seat passes this browser keeps (one per room).

import { initialLang } from "./i18n.js";

const PASSES = "tafel.passes";

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
    localStorage.setItem(PASSES, JSON.stringify({ ...allPasses(), [code]: { seat, token } }));
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
