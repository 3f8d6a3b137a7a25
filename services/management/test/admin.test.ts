/** Bull Board at /admin/queues: absent without OPERATOR_TOKEN, then behind it (Bearer, or the login form's cookie). */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { OperatorSessions } from "../src/admin/operator-session.js";
import { startHarness, type Harness } from "./harness.js";

const TOKEN = "operator-token-0123456789-abcdef";
let h: Harness;
let off: Harness;

beforeAll(async () => {
  h = await startHarness({ operatorToken: TOKEN });
  off = await startHarness();
});
afterAll(async () => {
  await h.close();
  await off.close();
});

const sessionCookie = (res: request.Response) => {
  const header = res.headers["set-cookie"] as unknown as string[] | undefined;
  return header?.find((c) => c.startsWith("botyard_operator="));
};

describe("queue dashboard", () => {
  it("does not exist without OPERATOR_TOKEN", async () => {
    expect((await request(off.app).get("/admin/queues").set("Authorization", `Bearer ${TOKEN}`)).status).toBe(404);
    expect((await request(off.app).get("/admin/login")).status).toBe(404);
  });

  it("refuses scripts without the token, a wrong token, and sends browsers to the login form", async () => {
    const api = await request(h.app).get("/admin/queues/api/queues").set("Accept", "application/json");
    expect(api.status).toBe(401);
    expect(api.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(api.body).toEqual({ ok: false, error: "Operator token required" });
    const wrong = await request(h.app).get("/admin/queues/api/queues").set("Authorization", `Bearer ${TOKEN}x`);
    expect(wrong.status).toBe(401);
    const browser = await request(h.app).get("/admin/queues").set("Accept", "text/html");
    expect(browser.status).toBe(303);
    expect(browser.headers.location).toBe("/admin/login");
  });

  it("shows the broadcast queue to a Bearer token", async () => {
    const res = await request(h.app).get("/admin/queues/api/queues").set("Authorization", `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    const names = (res.body.queues as Array<{ name: string }>).map((q) => q.name);
    expect(names).toEqual(["broadcasts"]);
    const page = await request(h.app).get("/admin/queues").set("Authorization", `Bearer ${TOKEN}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<html");
  });

  it("lets a browser in through the login form with an httpOnly, SameSite=Strict cookie", async () => {
    const bad = await request(h.app).post("/admin/login").type("form").send({ token: "nope" });
    expect(bad.status).toBe(401);
    expect(sessionCookie(bad)).toBeUndefined();

    const good = await request(h.app).post("/admin/login").type("form").send({ token: TOKEN });
    expect(good.status).toBe(303);
    expect(good.headers.location).toBe("/admin/queues");
    const cookie = sessionCookie(good)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/admin/);
    expect(cookie).not.toContain(TOKEN);
    const value = cookie.split(";")[0]!;
    const res = await request(h.app).get("/admin/queues/api/queues").set("Cookie", value);
    expect(res.status).toBe(200);

    const tampered = value.slice(0, -2) + (value.endsWith("AA") ? "BB" : "AA");
    expect((await request(h.app).get("/admin/queues/api/queues").set("Cookie", tampered)).status).toBe(401);
    const out = await request(h.app).post("/admin/logout").set("Cookie", value);
    expect(sessionCookie(out)).toMatch(/Max-Age=0/);
  });
});

describe("operator sessions", () => {
  it("expire, and die when the token changes", () => {
    let now = 1_000_000_000_000;
    const sessions = new OperatorSessions(TOKEN, () => now);
    const value = sessions.issue();
    expect(sessions.verify(value)).toBe(true);
    expect(new OperatorSessions(`${TOKEN}-rotated`, () => now).verify(value)).toBe(false);
    now += 12 * 60 * 60 * 1000 + 1000;
    expect(sessions.verify(value)).toBe(false);
    expect(sessions.verify(undefined)).toBe(false);
    expect(sessions.verify("v1.99999999999.short")).toBe(false);
  });

  it("accept only the exact token as Bearer", () => {
    const sessions = new OperatorSessions(TOKEN);
    expect(sessions.matchesBearer(`Bearer ${TOKEN}`)).toBe(true);
    expect(sessions.matchesBearer(`bearer ${TOKEN}`)).toBe(true);
    expect(sessions.matchesBearer(`Bearer ${TOKEN.slice(0, -1)}`)).toBe(false);
    expect(sessions.matchesBearer(TOKEN)).toBe(false);
    expect(sessions.matchesBearer(undefined)).toBe(false);
  });
});
