/**
 * The typed client of Botyard's management API: `paths` and `components` generated from GET /openapi.json
 * (management.gen.ts, by `pnpm api:generate`), calls made by openapi-fetch. Every path, field and reply is typed;
 * a route that changes its schemas changes these types, and a stale file fails CI (`pnpm api:check`).
 *
 * @see docs/api-contract.md#the-typed-client
 */
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, operations, paths } from "./management.gen.js";

export type { components, operations, paths };

/** The client. */
export type BotyardClient = Client<paths>;

/** Options of {@link createBotyardClient}. */
export interface BotyardClientOptions {
  /** Where management listens, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** Added as the `apiKey` query parameter of GET /apiv3 calls (POST calls carry it in their body). */
  apiKey?: string;
  /** Sent as `X-Bot-Token` on the broadcast routes. */
  botToken?: string;
  /** A fetch of your own (tests, proxies); the global fetch by default. */
  fetch?: typeof globalThis.fetch;
}

/** A client for one management server. */
export function createBotyardClient(options: BotyardClientOptions): BotyardClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const credentials: Middleware = {
    onRequest({ request }) {
      const url = new URL(request.url);
      if (options.apiKey && request.method === "GET" && url.pathname.startsWith("/apiv3/")) {
        url.searchParams.set("apiKey", options.apiKey);
        return new Request(url, request);
      }
      if (options.botToken && /^\/(broadcast|jobs)(\/|$)/.test(url.pathname)) {
        request.headers.set("X-Bot-Token", options.botToken);
      }
      return request;
    },
  };
  client.use(credentials);
  return client;
}
