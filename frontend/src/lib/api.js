import { t } from "ttag";

import { config } from "../config/config";
import { fieldsSentence } from "./fieldLabels";
import {
  ADMISSION_HEADER,
  WAITING_ROOM_CODE,
  getAdmission,
  keepAdmissionFrom,
  waitingRoomRefused,
} from "./waitingRoom";

export const TOKEN_KEY = "access-token";

// What a person reads when the server's answer carries no message of ours (a proxy's error
// page, a crash): a short sentence, never the page itself.
export const SERVER_TROUBLE = t`Something went wrong on our side. Please try again in a moment.`;
export const SERVER_BUSY = t`The site is busy right now. Please try again in a moment.`;

function fallbackMessage(status) {
  if (status === 502 || status === 503 || status === 504) return SERVER_BUSY;
  if (status >= 500) return SERVER_TROUBLE;
  return t`That did not work. Please try again.`;
}

// The server's sentence for input refused by field names those fields as the API does
// ("Please check these fields: promoCode."): the family reads them in their own words instead.
const FIELDS_SENTENCE = /^Please check these fields: /;

function inTheirWords(message, errors) {
  if (!FIELDS_SENTENCE.test(message)) return message;
  const general = [].concat(errors?.non_field_errors ?? []);
  const named = Object.keys(errors ?? {}).filter((name) => name !== "non_field_errors");
  if (named.length === 0 && general.length > 0) return general.join(" ");
  return fieldsSentence(named);
}

export class ApiError extends Error {
  constructor(status, body) {
    const said = body && typeof body.message === "string" ? body.message : "";
    const message = inTheirWords(said, body && body.errors);
    super(message || fallbackMessage(status));
    this.name = "ApiError";
    this.status = status;
    this.body = body || {};
    // Field messages, keyed by field name, for forms to show beside their fields.
    this.fieldErrors = (body && body.errors) || {};
    // Answered in our server's own error shape, not by a proxy, a gateway or a captive portal.
    this.fromOurServer = Boolean(body) && typeof body.message === "string";
  }
}

let unauthorizedHandler = null;

/*
 * The session registers what a 401 or 403 from our server should do (log out, go to /login). Only
 * our own answer to a request that carried the token counts: a network failure, or a 403 page
 * from something between the browser and our server, says nothing about the person, and neither
 * does a 403 that names the reason one action is refused.
 */
export function onUnauthorized(handler) {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

export function getToken() {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token) {
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused (private mode), or none at all (the server's drawing of a page): the
    // next page load exchanges a token again.
  }
}

// Our JSON answer's body, or null when there is none or it is not our JSON.
async function readJson(response) {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    // Not our JSON (an HTML error page, a traceback): nothing in it is shown to anyone.
    return null;
  }
}

/*
 * Sends one request to our server; resolves to the response, or throws the ApiError it answered.
 * `anonymous` sends no token: the token exchange, whose refusals the session judges itself.
 * On an opening morning every request carries the family's admission from the waiting room, if
 * they have one, and keeps the renewed one the answer brings; a write refused for want of one
 * sends them to the line (lib/waitingRoom.js).
 */
async function send(path, { method = "GET", body, headers = {}, signal, anonymous = false } = {}) {
  const token = anonymous ? null : getToken();
  const admission = getAdmission();
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const response = await fetch(`${config.apiBase}${path}`, {
    method,
    signal,
    headers: {
      Accept: "application/json",
      ...(body !== undefined && !isForm ? { "Content-Type": "application/json" } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(admission ? { [ADMISSION_HEADER]: admission } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  keepAdmissionFrom(response.headers);
  if (!response.ok) {
    const error = new ApiError(response.status, await readJson(response));
    // A busy server (503) says when to ask again, in whole seconds.
    const retryAfter = Number.parseInt(response.headers?.get("Retry-After") ?? "", 10);
    error.retryAfterSeconds = Number.isNaN(retryAfter) ? null : retryAfter;
    // A 403 that names a reason (`code`) is the school refusing this one action (attendance
    // taken outside its day, say), not the person's session: it ends nothing.
    const refused = response.status === 401 || (response.status === 403 && !error.body.code);
    if (refused && error.fromOurServer && token && unauthorizedHandler) {
      unauthorizedHandler(response.status);
    }
    if (response.status === 429 && error.body.code === WAITING_ROOM_CODE) waitingRoomRefused();
    throw error;
  }
  return response;
}

export async function apiRequest(path, options) {
  return readJson(await send(path, options));
}

/*
 * One page of a paginated list (`?page=&page_size=`): the page's items, and the number of rows
 * in the whole list from the X-Total-Count header (null when the server did not say).
 */
export async function fetchPage(path, options) {
  const response = await send(path, options);
  const data = await readJson(response);
  const total = Number.parseInt(response.headers?.get("X-Total-Count") ?? "", 10);
  return { items: Array.isArray(data) ? data : [], total: Number.isNaN(total) ? null : total };
}

/*
 * The file's name in `Content-Disposition: attachment; filename="..."`, or null. A name beyond
 * ASCII comes as `filename*=utf-8''...` (RFC 6266; Django writes it so), which wins.
 */
function attachmentName(headers) {
  const disposition = headers?.get("Content-Disposition") ?? "";
  const encoded = /filename\*\s*=\s*utf-8''([^;\s]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // A malformed encoding: the plain name, if any, follows.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(disposition);
  return plain ? (plain[1] ?? plain[2]).trim() : null;
}

/*
 * A file our server makes (a CSV export). It is asked with the bearer token, which a plain link
 * cannot send, so it arrives here as bytes, with the name the server gave it (null if none), for
 * the page to save. A refusal is the same ApiError as any other call's.
 */
export async function fetchFile(path, { accept = "*/*", ...options } = {}) {
  const response = await send(path, {
    ...options,
    headers: { ...options.headers, Accept: accept },
  });
  return { blob: await response.blob(), filename: attachmentName(response.headers) };
}

// The SWR fetcher: keys are API paths.
export const fetcher = (path) => apiRequest(path);

export const api = {
  get: (path, options) => apiRequest(path, { ...options, method: "GET" }),
  post: (path, body, options) => apiRequest(path, { ...options, method: "POST", body }),
  put: (path, body, options) => apiRequest(path, { ...options, method: "PUT", body }),
  patch: (path, body, options) => apiRequest(path, { ...options, method: "PATCH", body }),
  delete: (path, options) => apiRequest(path, { ...options, method: "DELETE" }),
};
