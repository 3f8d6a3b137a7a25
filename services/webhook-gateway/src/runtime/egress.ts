/**
 * `axios` for bot code, carried out on the host with got. Requests to loopback, private, link-local and metadata
 * addresses are refused unless the operator allows them: the check runs on the address the name resolves to, at
 * connect time, so DNS tricks cannot slip past it. Framing, connection and Host headers are the gateway's
 * (egress-headers.ts). 10 s timeout (the bot's own `timeout` may be shorter; 0 means none of its own, as in axios),
 * 5 MiB response cap.
 *
 * @see docs/bot-runtime.md#axios
 */
import dns from "node:dns";
import net from "node:net";
import got, { RequestError, type Response } from "got";
import { botRequestHeaders } from "./egress-headers.js";

const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
const MAX_REQUEST_BYTES = 1024 * 1024;
const METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);

const blocked = new net.BlockList();
for (const [range, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
  ["168.63.129.16", 32], // Azure's host endpoint (wireserver, DNS, metadata proxy), reachable from every VM
] as const) {
  blocked.addSubnet(range, bits, "ipv4");
}
for (const [range, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b:1::", 48], // local-use NAT64 (RFC 8215): where the IPv4 address sits is up to the network
] as const)
  blocked.addSubnet(range, bits, "ipv6");

/** The eight 16-bit words of an address that net.isIP takes as IPv6 (a dotted IPv4 tail and a zone allowed). */
function ipv6Words(address: string): number[] {
  let text = address.replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${(a * 256 + b).toString(16)}:${(c * 256 + d).toString(16)}`;
  }
  const words = (part: string) => (part === "" ? [] : part.split(":").map((w) => Number.parseInt(w, 16)));
  const [head = "", tail] = text.split("::");
  if (tail === undefined) return words(head);
  const [h, t] = [words(head), words(tail)];
  return [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
}

/**
 * The IPv4 address an IPv6 address stands for where a translator or tunnel may deliver it to that IPv4 host:
 * IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), IPv4-compatible (::/96 past ::0.0.255.255),
 * NAT64 (64:ff9b::/96), 6to4 (2002::/16) and Teredo (2001::/32, whose client address is stored inverted).
 */
function embeddedIpv4(address: string): string | undefined {
  const w = ipv6Words(address);
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && (w[5] === 0xffff || (w[5] === 0 && w[6] !== 0))) return v4(w[6]!, w[7]!);
  if (zero(0, 4) && w[4] === 0xffff && w[5] === 0) return v4(w[6]!, w[7]!);
  if (w[0] === 0x64 && w[1] === 0xff9b && zero(2, 6)) return v4(w[6]!, w[7]!);
  if (w[0] === 0x2002) return v4(w[1]!, w[2]!);
  if (w[0] === 0x2001 && w[1] === 0) return v4(w[6]! ^ 0xffff, w[7]! ^ 0xffff);
  return undefined;
}

/** True for addresses bot code may not reach without ALLOW_PRIVATE_EGRESS. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, "ipv4");
  const v4 = embeddedIpv4(address);
  if (v4 !== undefined && blocked.check(v4, "ipv4")) return true;
  return blocked.check(address, "ipv6");
}

/** True for what axios takes as an absolute URL: `scheme://…` or protocol-relative `//…`. */
function isAbsoluteUrl(url: string): boolean {
  return /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url);
}

/**
 * The URL axios requests for `baseURL` and `url`: a relative url is appended to baseURL with one slash between them
 * (`http://h/api/` and `/v1` give `http://h/api/v1`, not `new URL`'s `http://h/v1`); an absolute url, or an empty
 * baseURL, leaves url as it is; an empty url is baseURL. As axios, up to two trailing slashes of baseURL go.
 */
export function fullPath(baseURL: string, url: string): string {
  if (baseURL === "" || isAbsoluteUrl(url)) return url;
  if (url === "") return baseURL;
  return `${baseURL.replace(/\/?\/$/, "")}/${url.replace(/^\/+/, "")}`;
}

/** axios's encoding of a params key or value: encodeURIComponent, but `:$,[]` stay and a space is `+`. */
function encodeParam(text: string): string {
  return encodeURIComponent(text)
    .replace(/%3A/gi, ":")
    .replace(/%24/g, "$")
    .replace(/%2C/gi, ",")
    .replace(/%20/g, "+")
    .replace(/%5B/gi, "[")
    .replace(/%5D/gi, "]");
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};
const isNested = (value: unknown) => isPlainObject(value) || Array.isArray(value);
const paramText = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
const withoutBrackets = (key: string) => (key.endsWith("[]") ? key.slice(0, -2) : key);
/** `["o", "y", "z"]` is `o[y][z]`. */
const bracketKey = (path: string[]) =>
  path.map((k, i) => (i === 0 ? withoutBrackets(k) : `[${withoutBrackets(k)}]`)).join("");

/**
 * The query string axios's default params serializer (buildURL over toFormData) makes of `params`: null and
 * undefined values are left out; `b: [1, 2]` is `b[]=1&b[]=2`; a Date is its ISO text; nested objects and arrays
 * holding objects use brackets (`o[x]=1`, `list[0][k]=1`); a top-level key ending in `{}` sends its value as JSON.
 */
export function serializeParams(params: object): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => pairs.push(`${encodeParam(key)}=${encodeParam(paramText(value))}`);
  const open: object[] = [];
  const visit = (container: object, path: string[]) => {
    if (open.includes(container)) throw new EgressError("params contain a circular reference", "ERR_BAD_OPTION");
    open.push(container);
    for (const [rawKey, value] of Object.entries(container)) {
      if (value === null || value === undefined) continue;
      const key = rawKey.trim();
      if (path.length === 0 && typeof value === "object") {
        if (key.endsWith("{}")) {
          add(key, JSON.stringify(value));
          continue;
        }
        if (Array.isArray(value) && (key.endsWith("[]") || !value.some(isNested))) {
          for (const element of value)
            if (element !== null && element !== undefined) add(`${withoutBrackets(key)}[]`, element);
          continue;
        }
      }
      // As axios, the trimmed key names a leaf but the key as written goes into the path of what is inside.
      if (isNested(value)) visit(value as object, [...path, rawKey]);
      else add(path.length === 0 ? key : bracketKey([...path, key]), value);
    }
    open.pop();
  };
  visit(params, []);
  return pairs.join("&");
}

/** An error for bot code, shaped like axios's (message, code, response). */
export class EgressError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly response?: { status: number; headers: Record<string, unknown>; data: unknown },
  ) {
    super(message);
  }
}

/**
 * The time limit of one request, from the bot's axios `timeout`. As axios, 0 (and no timeout, null, "", false) means
 * no limit of the bot's own, which here is the platform's `maxMs`; a longer one is cut to it. A string of digits counts
 * as its number, as axios parses it; a negative number or any other value is refused, as axios fails on them too.
 */
export function requestTimeout(value: unknown, maxMs: number): number {
  if (value === undefined || value === null || value === "" || value === false) return maxMs;
  const ms = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
    throw new EgressError(
      `timeout must be a number of milliseconds, or 0 for the platform's limit (${maxMs} ms)`,
      "ERR_BAD_OPTION_VALUE",
    );
  }
  return ms === 0 ? maxMs : Math.min(ms, maxMs);
}

/** Options of {@link Egress}. */
export interface EgressOptions {
  /** Let bot code reach loopback, private, link-local and metadata addresses (`ALLOW_PRIVATE_EGRESS`). */
  allowPrivate: boolean;
  /**
   * Longest a request may take, whatever the bot's `timeout`, and the limit of one with `timeout: 0`.
   * @defaultValue 10 000 ms: as long as a handler may run by default (`HANDLER_TIMEOUT_MS`), which awaits it.
   */
  maxTimeMs?: number;
}

/** What a caller of {@link Egress.request} hears about besides the outcome. */
export interface EgressHooks {
  /** Headers of the config the gateway sets itself, dropped (names as written); called only for a request sent. */
  droppedHeaders?(names: string[]): void;
  /** Bytes of the request body sent plus the response body received (the bot's egress, for its usage). */
  transferred?(bytes: number): void;
  /**
   * The response's bytes received so far, as they arrive: a reason to refuse (the bot's host memory is spent) cancels
   * the request, which then rejects with that reason and code `ERR_HOST_MEMORY`.
   */
  received?(bytes: number): string | undefined;
}

/** Performs bot HTTP requests. */
export class Egress {
  readonly #allowPrivate: boolean;
  readonly #maxTimeMs: number;

  constructor(options: EgressOptions) {
    this.#allowPrivate = options.allowPrivate;
    this.#maxTimeMs = options.maxTimeMs ?? 10_000;
  }

  /** Runs an axios-style config; resolves `{ status, headers, data }`, rejects on status >= 400 like axios. */
  async request(
    config: unknown,
    hooks: EgressHooks = {},
  ): Promise<{ status: number; statusText: string; headers: Record<string, unknown>; data: unknown }> {
    if (typeof config !== "object" || config === null)
      throw new EgressError("axios config must be an object", "ERR_BAD_OPTION");
    const c = config as Record<string, unknown>;
    const method = String(c.method ?? "get").toLowerCase();
    if (!METHODS.has(method)) throw new EgressError(`unsupported method ${method}`, "ERR_BAD_OPTION");
    const timeout = requestTimeout(c.timeout, this.#maxTimeMs);
    let url: URL;
    try {
      url = new URL(fullPath(typeof c.baseURL === "string" ? c.baseURL : "", String(c.url ?? "")));
    } catch {
      throw new EgressError("invalid URL", "ERR_INVALID_URL");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new EgressError("only http and https URLs are allowed", "ERR_INVALID_URL");
    if (c.params && typeof c.params === "object") {
      const query = serializeParams(c.params);
      if (query !== "") url.search = url.search === "" ? query : `${url.search}&${query}`;
    }
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (!this.#allowPrivate && net.isIP(host) && isPrivateAddress(host))
      throw new EgressError(`requests to ${host} are not allowed`, "ERR_EGRESS_DENIED");

    const { headers, dropped } = botRequestHeaders(c.headers);
    let body: string | undefined;
    if (c.data !== undefined && method !== "get" && method !== "head") {
      body = typeof c.data === "string" ? c.data : JSON.stringify(c.data);
      if (typeof c.data !== "string" && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
        headers["content-type"] = "application/json";
      if (Buffer.byteLength(body) > MAX_REQUEST_BYTES)
        throw new EgressError("request body is larger than 1 MiB", "ERR_BAD_REQUEST");
    }
    if (dropped.length > 0) hooks.droppedHeaders?.(dropped);
    const allowPrivate = this.#allowPrivate;
    // got frames the body itself (Content-Length of the bytes sent), now that no framing header of the bot is left.
    const request = got(url, {
      method: method.toUpperCase() as "GET",
      headers,
      body,
      throwHttpErrors: false,
      followRedirect: false,
      retry: { limit: 0 },
      timeout: { request: timeout },
      responseType: "buffer",
      dnsLookup: ((
        hostname: string,
        opts: dns.LookupOptions,
        callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
      ) => {
        dns.lookup(hostname, { ...opts, all: true }, (err, addresses) => {
          if (err) return callback(err, "", 0);
          const list = addresses as dns.LookupAddress[];
          if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
            const denied: NodeJS.ErrnoException = new Error(`requests to ${hostname} are not allowed`);
            denied.code = "ERR_EGRESS_DENIED";
            return callback(denied, "", 0);
          }
          if (opts.all) return callback(null, list);
          callback(null, list[0]!.address, list[0]!.family);
        });
      }) as unknown as typeof dns.lookup,
    });
    let refusedForMemory: string | undefined;
    request.on("downloadProgress", (p: { transferred: number }) => {
      if (p.transferred > MAX_RESPONSE_BYTES) request.cancel("response larger than 5 MiB");
      else if (p.transferred > 0 && refusedForMemory === undefined && hooks.received) {
        refusedForMemory = hooks.received(p.transferred);
        if (refusedForMemory !== undefined) request.cancel(refusedForMemory);
      }
    });
    let response: Response<Buffer>;
    try {
      response = await request;
    } catch (err) {
      if (err instanceof RequestError) {
        if (refusedForMemory !== undefined) throw new EgressError(refusedForMemory, "ERR_HOST_MEMORY");
        const code = err.code === "ERR_CANCELED" ? "ERR_RESPONSE_TOO_LARGE" : String(err.code ?? "ERR_NETWORK");
        const message =
          code === "ERR_RESPONSE_TOO_LARGE"
            ? "response is larger than 5 MiB"
            : code === "ERR_EGRESS_DENIED"
              ? `requests to ${url.hostname} are not allowed`
              : `request failed: ${code}`;
        throw new EgressError(message, code === "ETIMEDOUT" ? "ECONNABORTED" : code);
      }
      throw err;
    }
    hooks.transferred?.((body === undefined ? 0 : Buffer.byteLength(body)) + response.rawBody.length);
    const text = response.rawBody.toString("utf8");
    let data: unknown = text;
    const type = String(response.headers["content-type"] ?? "");
    if (c.responseType !== "text" && (type.includes("json") || /^\s*[[{]/.test(text))) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    const result = {
      status: response.statusCode,
      statusText: response.statusMessage ?? "",
      headers: { ...response.headers },
      data,
    };
    // As axios's settle: a 4xx is the request's fault, a 5xx the server's.
    if (response.statusCode >= 400) {
      const code = response.statusCode < 500 ? "ERR_BAD_REQUEST" : "ERR_BAD_RESPONSE";
      throw new EgressError(`Request failed with status code ${response.statusCode}`, code, result);
    }
    return result;
  }
}
