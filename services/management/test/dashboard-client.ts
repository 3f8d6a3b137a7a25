/** A browser stand-in for the dashboard tests: one cookie jar, the CSRF token, and our own Origin on every call. */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import request from "supertest";

/** Listens on an ephemeral loopback port, so every request has the same origin. */
export async function listen(app: Express): Promise<{ server: Server; origin: string }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The `botyard_session` value of a reply's Set-Cookie, if any. */
export function sessionCookie(res: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
  const line = cookies.find((c) => c.startsWith("botyard_session="));
  return line ? decodeURIComponent(line.split(";")[0]!.slice("botyard_session=".length)) : undefined;
}

type Method = "get" | "post" | "put" | "patch" | "delete";

/** One browser. */
export class Browser {
  session: string | undefined;
  csrf: string | undefined;

  constructor(
    readonly origin: string,
    readonly ip = "10.0.0.1",
  ) {}

  /** A request with the cookie, the CSRF token and Origin set (each can be overridden or dropped). */
  call(
    method: Method,
    path: string,
    body?: unknown,
    options: { origin?: string | null; csrf?: string | null; session?: string | null } = {},
  ): request.Test {
    let r = request(this.origin)[method](path).set("X-Forwarded-For", this.ip);
    const origin = options.origin === undefined ? this.origin : options.origin;
    if (origin !== null) r = r.set("Origin", origin);
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    if (csrf) r = r.set("X-CSRF-Token", csrf);
    const session = options.session === undefined ? this.session : options.session;
    if (session) r = r.set("Cookie", `botyard_session=${encodeURIComponent(session)}`);
    return body === undefined ? r : r.send(body as object);
  }

  /** Keeps the session and CSRF token a reply gives. */
  keep(res: request.Response): request.Response {
    const cookie = sessionCookie(res);
    if (cookie !== undefined) this.session = cookie;
    if (typeof res.body?.csrfToken === "string") this.csrf = res.body.csrfToken;
    return res;
  }

  async signUp(email: string, password = "correct horse battery"): Promise<request.Response> {
    return this.keep(await this.call("post", "/api/auth/signup", { email, password }));
  }

  async signIn(email: string, password = "correct horse battery"): Promise<request.Response> {
    return this.keep(await this.call("post", "/api/auth/signin", { email, password }));
  }
}
