/**
 * `axios` for bot code, carried out on the host with got. Requests to loopback, private, link-local and metadata
 * addresses are refused unless the operator allows them: the check runs on the address the name resolves to, at
 * connect time, so DNS tricks cannot slip past it. 10 s timeout, 5 MiB response cap.
 */
import dns from "node:dns";
import net from "node:net";
import got, { RequestError, type Response } from "got";

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
] as const) {
  blocked.addSubnet(range, bits, "ipv4");
}
for (const [range, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(range, bits, "ipv6");

/** True for addresses bot code may not reach without ALLOW_PRIVATE_EGRESS. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  return blocked.check(address, family === 6 ? "ipv6" : "ipv4");
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

/** Performs bot HTTP requests. */
export class Egress {
  readonly #allowPrivate: boolean;

  constructor(options: { allowPrivate: boolean }) {
    this.#allowPrivate = options.allowPrivate;
  }

  /** Runs an axios-style config; resolves `{ status, headers, data }`, rejects on status >= 400 like axios. */
  async request(
    config: unknown,
  ): Promise<{ status: number; statusText: string; headers: Record<string, unknown>; data: unknown }> {
    if (typeof config !== "object" || config === null)
      throw new EgressError("axios config must be an object", "ERR_BAD_OPTION");
    const c = config as Record<string, unknown>;
    const method = String(c.method ?? "get").toLowerCase();
    if (!METHODS.has(method)) throw new EgressError(`unsupported method ${method}`, "ERR_BAD_OPTION");
    let url: URL;
    try {
      url = new URL(String(c.url ?? ""), typeof c.baseURL === "string" ? c.baseURL : undefined);
    } catch {
      throw new EgressError("invalid URL", "ERR_INVALID_URL");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new EgressError("only http and https URLs are allowed", "ERR_INVALID_URL");
    if (c.params && typeof c.params === "object")
      for (const [k, v] of Object.entries(c.params)) url.searchParams.append(k, String(v));
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (!this.#allowPrivate && net.isIP(host) && isPrivateAddress(host))
      throw new EgressError(`requests to ${host} are not allowed`, "ERR_EGRESS_DENIED");

    const headers: Record<string, string> = {};
    if (c.headers && typeof c.headers === "object")
      for (const [k, v] of Object.entries(c.headers))
        if (typeof v === "string" || typeof v === "number") headers[k] = String(v);
    let body: string | undefined;
    if (c.data !== undefined && method !== "get" && method !== "head") {
      body = typeof c.data === "string" ? c.data : JSON.stringify(c.data);
      if (typeof c.data !== "string" && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
        headers["content-type"] = "application/json";
      if (Buffer.byteLength(body) > MAX_REQUEST_BYTES)
        throw new EgressError("request body is larger than 1 MiB", "ERR_BAD_REQUEST");
    }
    const allowPrivate = this.#allowPrivate;
    const request = got(url, {
      method: method.toUpperCase() as "GET",
      headers,
      body,
      throwHttpErrors: false,
      followRedirect: false,
      retry: { limit: 0 },
      timeout: { request: typeof c.timeout === "number" ? Math.min(c.timeout, 10_000) : 10_000 },
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
    request.on("downloadProgress", (p: { transferred: number }) => {
      if (p.transferred > MAX_RESPONSE_BYTES) request.cancel("response larger than 5 MiB");
    });
    let response: Response<Buffer>;
    try {
      response = await request;
    } catch (err) {
      if (err instanceof RequestError) {
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
    if (response.statusCode >= 400)
      throw new EgressError(`Request failed with status code ${response.statusCode}`, "ERR_BAD_RESPONSE", result);
    return result;
  }
}
