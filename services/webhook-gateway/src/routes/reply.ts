/**
 * Turns what a handler left in `response` into the HTTP reply of spec 2.4/4.3: status = statusCode (default 200),
 * body `{ ok: statusCode < 400, message?, data? }`, and the handler's headers, minus the ones it may not set.
 */
import type { LogicResult } from "../runtime/sandbox.js";

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;
// The body is always our JSON, and framing belongs to the server: a handler may not change either.
const RESERVED = new Set(["content-length", "content-type", "transfer-encoding", "connection", "keep-alive", "upgrade", "trailer", "content-encoding", "host"]);

/** The reply to send, and what was dropped (for the bot's log). */
export interface BuiltReply {
  status: number;
  headers: Record<string, string>;
  body: { ok: boolean; message?: string; data?: unknown };
  problems: string[];
}

/** Builds the reply; `problems` lists anything the handler set that could not be honoured. */
export function buildReply(result: LogicResult): BuiltReply {
  const problems: string[] = [];
  let status = 200;
  if (result.statusCode !== undefined && result.statusCode !== null) {
    const code = Number(result.statusCode);
    if (Number.isInteger(code) && code >= 200 && code <= 599) status = code;
    else {
      problems.push(`response.statusCode ${String(result.statusCode).slice(0, 20)} is not an HTTP status from 200 to 599; answered 500`);
      status = 500;
    }
  }
  const headers: Record<string, string> = {};
  if (result.headers !== undefined && result.headers !== null) {
    if (typeof result.headers !== "object" || Array.isArray(result.headers)) problems.push("response.headers must be an object");
    else {
      for (const [name, raw] of Object.entries(result.headers as Record<string, unknown>)) {
        const value = typeof raw === "number" || typeof raw === "boolean" ? String(raw) : raw;
        if (!HEADER_NAME.test(name)) problems.push(`header name '${name.slice(0, 40)}' is invalid; dropped`);
        else if (RESERVED.has(name.toLowerCase())) problems.push(`header '${name}' is set by the gateway; dropped`);
        else if (typeof value !== "string" || /[\r\n\0]/.test(value) || value.length > 8192) problems.push(`header '${name}' has an invalid value; dropped`);
        else headers[name] = value;
      }
    }
  }
  const body: BuiltReply["body"] = { ok: status < 400 };
  if (result.message !== undefined && result.message !== null) body.message = typeof result.message === "string" ? result.message : String(result.message);
  if (result.data !== undefined) body.data = result.data;
  return { status, headers, body, problems };
}
