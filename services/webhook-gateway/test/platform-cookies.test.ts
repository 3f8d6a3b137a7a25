/**
 * The gateway never hands the platform's own cookies (the dashboard session and the operator login, under both
 * names) to bot code: a handler echoing params.headers.cookie sees only the bot's own cookies.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { DASHBOARD_SESSION_COOKIE, OPERATOR_COOKIE, PLATFORM_COOKIES } from "@botyard/openapi";
import { withoutPlatformCookies } from "../src/routes/custom-webhook.js";
import { startGatewayHarness, type GatewayHarness } from "./harness.js";

let h: GatewayHarness;
let botId: string;
beforeAll(async () => {
  h = await startGatewayHarness({ allowPrivateEgress: false, timeoutMs: 800 });
  ({ botId } = await h.bot(`
    logic['cookie'] = async (query, body, db, response, params) => ({
      cookie: params.headers.cookie === undefined ? null : params.headers.cookie,
      keys: Object.keys(params.headers).filter((k) => k === 'cookie'),
    });
  `));
});
afterAll(async () => {
  await h.close();
});

describe("platform cookies never reach bot code", () => {
  it("strips botyard_session, botyard_operator and their __Host- names, keeping the bot's own cookies", async () => {
    expect(DASHBOARD_SESSION_COOKIE).toBe("botyard_session");
    expect(OPERATOR_COOKIE).toBe("botyard_operator");
    const res = await request(h.app)
      .get(`/custom/${botId}/cookie`)
      .set(
        "Cookie",
        "theme=dark; botyard_session=s3ss10n; __Host-botyard_session=h0st; cart=1%3B2; botyard_operator=v1.1.x; " +
          "__Host-botyard_operator=v1.2.y",
      );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ cookie: "theme=dark; cart=1%3B2", keys: ["cookie"] });
    expect(JSON.stringify(res.body)).not.toMatch(/s3ss10n|h0st|v1\.1\.x|v1\.2\.y/);
  });

  it("leaves no Cookie header at all when only platform cookies came", async () => {
    const res = await request(h.app)
      .post(`/custom/${botId}/cookie`)
      .set("Cookie", "botyard_session=abc;botyard_operator=def")
      .send({});
    expect(res.body.data).toEqual({ cookie: null, keys: [] });
  });

  it("passes a Cookie header without platform cookies unchanged in content", async () => {
    const res = await request(h.app).get(`/custom/${botId}/cookie`).set("Cookie", "a=1; b=2");
    expect(res.body.data.cookie).toBe("a=1; b=2");
  });
});

describe("withoutPlatformCookies", () => {
  it("drops every platform name, with or without spaces, and keeps pairs without '='", () => {
    expect(PLATFORM_COOKIES).toEqual(
      new Set(["botyard_session", "__Host-botyard_session", "botyard_operator", "__Host-botyard_operator"]),
    );
    expect(withoutPlatformCookies(" botyard_session =x;flag; a=b=c ")).toBe("flag; a=b=c");
    expect(withoutPlatformCookies("botyard_sessionX=1")).toBe("botyard_sessionX=1");
    expect(withoutPlatformCookies("__Host-botyard_operator=1")).toBeUndefined();
    expect(withoutPlatformCookies(";;")).toBeUndefined();
  });
});
