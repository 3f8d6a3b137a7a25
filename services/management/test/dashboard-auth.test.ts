/**
 * Dashboard accounts: sign-up, sessions behind the cookie, CSRF (token and Origin), sign-in throttling per e-mail and
 * per IP, password change revoking the other sessions, SIGNUP=closed with invites from the CLI, and that neither a
 * password nor an API key reaches the log.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { spawnSync } from "node:child_process";
import type { Server } from "node:http";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import request from "supertest";
import { Browser, listen, sessionCookie } from "./dashboard-client.js";
import { SECRET_KEY, startHarness, type Harness } from "./harness.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const PASSWORD = "correct horse battery";
const email = () => `owner-${randomUUID().slice(0, 8)}@example.com`;
let n = 0;
const ip = () => `10.1.0.${++n}`;

let h: Harness;
let server: Server;
let origin: string;

beforeAll(async () => {
  h = await startHarness({ signInThrottle: { perIpEmail: 3, perEmail: 3, perIp: 5, windowMs: 60_000 } });
  ({ server, origin } = await listen(h.app));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

describe("sign-up and the session cookie", () => {
  it("signs up, sets an httpOnly SameSite=Lax cookie on /, and the session answers with the same CSRF token", async () => {
    const b = new Browser(origin, ip());
    const address = email();
    const res = await b.signUp(address);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, user: { email: address }, csrfToken: expect.any(String) });
    const cookie = ([] as string[])
      .concat(res.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("botyard_session="))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
    const session = await b.call("get", "/api/auth/session");
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ ok: true, user: { email: address }, csrfToken: b.csrf });
    expect(session.headers["cache-control"]).toBe("no-store");
  });

  it("marks the cookie Secure when the request came over https (X-Forwarded-Proto from a loopback proxy)", async () => {
    const res = await request(origin)
      .post("/api/auth/signup")
      .set("X-Forwarded-Proto", "https")
      .set("Origin", origin.replace("http:", "https:"))
      .send({ email: email(), password: PASSWORD });
    expect(res.status).toBe(201);
    expect(String(res.headers["set-cookie"])).toMatch(/; Secure/);
  });

  it("refuses a taken e-mail (409), a short password (400 naming it) and answers 401 without a session", async () => {
    const address = email();
    await new Browser(origin, ip()).signUp(address);
    const again = await new Browser(origin, ip()).signUp(address.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("ACCOUNT_EXISTS");
    const short = await new Browser(origin, ip()).signUp(email(), "short");
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({ code: "INVALID_INPUT", field: "password" });
    const bad = await new Browser(origin, ip()).signUp("not-an-email");
    expect(bad.body.error).toMatchObject({ code: "INVALID_INPUT", field: "email" });
    const anonymous = await request(origin).get("/api/auth/session");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ ok: false, error: { code: "UNAUTHENTICATED", message: "Sign in first" } });
  });

  it("refuses an e-mail holding a NUL or an unpaired surrogate: 400 naming email, on sign-up and sign-in", async () => {
    for (const address of ["nul\u0000x@example.com", "half\ud800x@example.com"]) {
      for (const path of ["/api/auth/signup", "/api/auth/signin"]) {
        const res = await new Browser(origin, ip()).call("post", path, { email: address, password: PASSWORD });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({ code: "INVALID_INPUT", field: "email" });
      }
    }
    // Nothing was stored under the U+FFFD that Postgres would have made of the surrogate.
    const stored = await h.handle.pool.query("select 1 from accounts where email like 'half%'");
    expect(stored.rowCount).toBe(0);
  });

  it("gives a new session id at every sign-in and ends the one the browser had", async () => {
    const address = email();
    const b = new Browser(origin, ip());
    await b.signUp(address);
    const first = b.session!;
    const res = await b.signIn(address);
    expect(res.status).toBe(200);
    expect(b.session).not.toBe(first);
    expect((await b.call("get", "/api/auth/session", undefined, { session: first })).status).toBe(401);
    expect((await b.call("get", "/api/auth/session")).status).toBe(200);
  });

  it("signs out: the session stops working", async () => {
    const b = new Browser(origin, ip());
    await b.signUp(email());
    const out = await b.call("post", "/api/auth/signout");
    expect(out.status).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/botyard_session=;/);
    expect((await b.call("get", "/api/auth/session")).status).toBe(401);
  });
});

describe("the /api envelope", () => {
  it("answers an unknown /api path 404 and another method 405 with Allow, in the /api error shape", async () => {
    const missing = await request(origin).get("/api/nope");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ ok: false, error: { code: "NOT_FOUND", message: "Not found" } });
    const method = await request(origin).put("/api/auth/session").set("Origin", origin);
    expect(method.status).toBe(405);
    expect(method.headers.allow).toBe("GET, HEAD");
    expect(method.body.error.code).toBe("METHOD_NOT_ALLOWED");
    const malformed = await new Browser(origin, ip()).call("post", "/api/auth/signin", "{oops");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("MALFORMED_JSON");
  });
});

describe("CSRF", () => {
  it("refuses a state-changing call without the token, with a wrong one, and from another origin", async () => {
    const b = new Browser(origin, ip());
    await b.signUp(email());
    const missing = await b.call("post", "/api/bots", { name: "x" }, { csrf: null });
    expect(missing.status).toBe(403);
    expect(missing.body.error).toEqual({ code: "CSRF", message: "The X-CSRF-Token header is missing" });
    const wrong = await b.call("post", "/api/bots", { name: "x" }, { csrf: "not-the-token" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe("CSRF");
    const foreign = await b.call("post", "/api/bots", { name: "x" }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toMatch(/another origin/);
    const none = await b.call("post", "/api/bots", { name: "x" }, { origin: null });
    expect(none.status).toBe(403);
    // A same-origin Referer stands in for a missing Origin.
    const referred = await b.call("post", "/api/bots", { name: "x" }, { origin: null }).set("Referer", `${origin}/`);
    expect(referred.status).toBe(201);
    expect((await b.call("get", "/api/bots")).body.bots).toHaveLength(1);
  });

  it("requires our Origin on sign-up and sign-in too (login CSRF), but no token", async () => {
    const address = email();
    const foreign = await new Browser(origin, ip()).call(
      "post",
      "/api/auth/signup",
      { email: address, password: PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    expect((await new Browser(origin, ip()).signUp(address)).status).toBe(201);
    const signIn = await new Browser(origin, ip()).call(
      "post",
      "/api/auth/signin",
      { email: address, password: PASSWORD },
      { origin: "null" },
    );
    expect(signIn.status).toBe(403);
  });
});

describe("sign-in throttling", () => {
  it("answers 429 with Retry-After after 3 failures for one e-mail from one address; another address gets in", async () => {
    const address = email();
    await new Browser(origin, ip()).signUp(address);
    const from = ip();
    for (let i = 0; i < 3; i++) {
      const res = await new Browser(origin, from).signIn(address, "wrong password!");
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("INVALID_CREDENTIALS");
    }
    const blocked = await new Browser(origin, from).signIn(address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("SIGN_IN_THROTTLED");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(blocked.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect((await new Browser(origin, ip()).signIn(address)).status).toBe(200);
  });

  it("answers 429 after 5 failures from one IP, whatever the e-mail", async () => {
    const address = email();
    await new Browser(origin, ip()).signUp(address);
    const from = ip();
    for (let i = 0; i < 5; i++)
      expect((await new Browser(origin, from).signIn(email(), "wrong password!")).status).toBe(401);
    const blocked = await new Browser(origin, from).signIn(address);
    expect(blocked.status).toBe(429);
    expect(blocked.headers["retry-after"]).toBeDefined();
    expect((await new Browser(origin, ip()).signIn(address)).status).toBe(200);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const res = await new Browser(origin, ip()).signIn(email());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      ok: false,
      error: { code: "INVALID_CREDENTIALS", message: "Wrong e-mail or password" },
    });
  });
});

describe("password change", () => {
  it("revokes every other session, rotates this one, and the new password works", async () => {
    const address = email();
    const a = new Browser(origin, ip());
    const b = new Browser(origin, ip());
    await a.signUp(address);
    await b.signIn(address);
    const before = a.session;
    const wrong = await a.call("post", "/api/auth/password", {
      currentPassword: "nope nope nope",
      newPassword: "another good password",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.field).toBe("currentPassword");
    const changed = a.keep(
      await a.call("post", "/api/auth/password", { currentPassword: PASSWORD, newPassword: "another good password" }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ok: true, csrfToken: expect.any(String) });
    expect(a.session).not.toBe(before);
    expect((await a.call("get", "/api/auth/session")).status).toBe(200);
    expect((await a.call("get", "/api/auth/session", undefined, { session: before })).status).toBe(401);
    expect((await b.call("get", "/api/auth/session")).status).toBe(401);
    expect((await new Browser(origin, ip()).signIn(address)).status).toBe(401);
    expect((await new Browser(origin, ip()).signIn(address, "another good password")).status).toBe(200);
  });

  it("counts a wrong current password as a failed sign-in: past the limit it answers 429, and so does sign-in from that address", async () => {
    const address = email();
    const a = new Browser(origin, ip());
    await a.signUp(address);
    const change = (currentPassword: string) =>
      a.call("post", "/api/auth/password", { currentPassword, newPassword: "another good password" });
    for (let i = 0; i < 3; i++) expect((await change("wrong password!")).status).toBe(400);
    const blocked = await change(PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("SIGN_IN_THROTTLED");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await new Browser(origin, a.ip).signIn(address)).status).toBe(429);
    expect((await new Browser(origin, ip()).signIn(address)).status).toBe(200);
  });
});

describe("nothing secret in the log", () => {
  it("never logs a password or an API key, nor puts either in a metrics label", async () => {
    const b = new Browser(origin, ip());
    const password = `secret-${randomUUID()}`;
    await b.signUp(email(), password);
    const key = (await b.call("get", "/api/settings/api-key")).body.apiKey as string;
    await b.call("post", "/api/settings/api-key/regenerate");
    b.keep(await b.call("post", "/api/auth/password", { currentPassword: password, newPassword: `${password}-2` }));
    await b.call("post", "/api/bots", "{not json");
    const current = (await b.call("get", "/api/settings/api-key")).body.apiKey as string;
    await request(origin).get(`/apiv3/listBots?apiKey=${encodeURIComponent(current)}`);
    const metrics = (await request(origin).get("/metrics")).text;
    expect(metrics).toContain('route="/api/settings/api-key"');
    for (const secret of [key, current, password, b.session!]) expect(metrics).not.toContain(secret);
    const log = h.logLines.join("\n");
    expect(key).toMatch(/^byk_/);
    expect(log).not.toContain(password);
    expect(log).not.toContain(key);
    expect(log).not.toContain(current);
    expect(log).not.toContain(b.session!);
  });
});

describe("SIGNUP=closed and invites", () => {
  let closed: Harness;
  let closedServer: Server;
  let closedOrigin: string;
  beforeAll(async () => {
    closed = await startHarness({ signup: "closed" });
    ({ server: closedServer, origin: closedOrigin } = await listen(closed.app));
  });
  afterAll(async () => {
    await new Promise((resolve) => closedServer.close(resolve));
    await closed.close();
  });

  const cli = (...args: string[]) => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "services/management/src/cli/main.ts", ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: closed.database.url, SECRET_KEY, PUBLIC_BASE_URL: closedOrigin },
      encoding: "utf8",
    });
    return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
  };

  it("refuses sign-up with 403 SIGNUP_CLOSED", async () => {
    const res = await new Browser(closedOrigin, ip()).signUp(email());
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("SIGNUP_CLOSED");
  });

  it("lets a CLI-made account set its password through a one-time invite link, keeping its API key", async () => {
    const address = email();
    const created = cli("user:create", "--email", address);
    expect(created.code).toBe(0);
    const { apiKey } = JSON.parse(created.out) as { apiKey: string };
    // No password yet: signing in fails like any wrong password.
    expect((await new Browser(closedOrigin, ip()).signIn(address)).status).toBe(401);

    const invited = cli("user:invite", "--email", address);
    expect(invited.code).toBe(0);
    expect(invited.out).toMatch(new RegExp(`^${closedOrigin}/invite/[A-Za-z0-9_-]{40,}$`));
    const token = invited.out.split("/invite/")[1]!;
    const peek = await request(closedOrigin).get(`/api/auth/invite/${token}`);
    expect(peek.body).toEqual({ ok: true, email: address });

    const b = new Browser(closedOrigin, ip());
    const short = await b.call("post", `/api/auth/invite/${token}`, { password: "short" });
    expect(short.body.error.field).toBe("password");
    const accepted = b.keep(await b.call("post", `/api/auth/invite/${token}`, { password: PASSWORD }));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ ok: true, user: { email: address }, csrfToken: expect.any(String) });
    expect(sessionCookie(accepted)).toBeDefined();
    expect((await b.call("get", "/api/settings/api-key")).body.apiKey).toBe(apiKey);
    // Single use.
    expect((await request(closedOrigin).get(`/api/auth/invite/${token}`)).status).toBe(404);
    const reuse = await new Browser(closedOrigin, ip()).call("post", `/api/auth/invite/${token}`, {
      password: PASSWORD,
    });
    expect(reuse.status).toBe(404);
    expect(reuse.body.error.code).toBe("INVITE_NOT_FOUND");
    expect((await new Browser(closedOrigin, ip()).signIn(address)).status).toBe(200);
  });

  it("user:invite of an unknown e-mail fails with exit 1", () => {
    const run = cli("user:invite", "--email", email());
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/No account/);
  });
});
