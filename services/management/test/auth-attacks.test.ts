/**
 * The dashboard's sign-in, sign-up and invite acceptance under parallel and distributed attack, through the app with
 * real Postgres and Redis: every attempt reserves its throttle slot before argon2 runs; failures from one address
 * never lock the owner out from another; made-up invite tokens cost no hash; the argon2 gate answers 429 beyond it.
 * argon2 runs are counted by the app's own metric (management_argon2_runs_total).
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Server } from "node:http";
import { randomUUID } from "node:crypto";
import request from "supertest";
import { PasswordHasher } from "../src/auth/password.js";
import { Browser, listen } from "./dashboard-client.js";
import { startHarness, type Harness } from "./harness.js";

const PASSWORD = "correct horse battery";
const WRONG = "wrong password!";
const email = () => `owner-${randomUUID().slice(0, 8)}@example.com`;
let n = 0;
const ip = () => `10.9.${Math.floor(++n / 250)}.${n % 250}`;

async function argon2Runs(origin: string, kind: "hash" | "verify"): Promise<number> {
  const text = (await request(origin).get("/metrics")).text;
  const line = text.split("\n").find((l) => l.startsWith("management_argon2_runs_total{") && l.includes(`"${kind}"`));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

let h: Harness;
let server: Server;
let origin: string;

beforeAll(async () => {
  h = await startHarness({
    signInThrottle: {
      perIp: 20,
      perIpEmail: 5,
      perEmail: 5,
      windowMs: 60_000,
      backoffBaseMs: 1000,
      backoffMaxMs: 1000,
    },
    addressLimits: {
      signUp: { limit: 1000, windowMs: 60_000 },
      acceptInvite: { limit: 3, windowMs: 60_000 },
    },
  });
  ({ server, origin } = await listen(h.app));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

describe("the sign-in throttle reserves before argon2", () => {
  it("checks at most 5 of 60 parallel wrong sign-ins for one e-mail from one address; the rest get 429", async () => {
    const address = email();
    await new Browser(origin, ip()).signUp(address);
    const from = ip();
    const before = await argon2Runs(origin, "verify");
    const replies = await Promise.all(
      Array.from({ length: 60 }, () => new Browser(origin, from).signIn(address, WRONG)),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
    expect((await argon2Runs(origin, "verify")) - before).toBe(5);
    const refused = replies.find((r) => r.status === 429)!;
    expect(refused.body.error.code).toBe("SIGN_IN_THROTTLED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("counts the addresses of one IPv6 /56 as one address: 60 of them guessing at once get 5 checks", async () => {
    const address = email();
    await new Browser(origin, ip()).signUp(address);
    const network = (++n).toString(16);
    // Each guess from a /64 and a host of its own, all within 2001:db8:<network>:4200::/56.
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        new Browser(origin, `2001:db8:${network}:${(0x4200 + i).toString(16)}::${i + 1}`).signIn(address, WRONG),
      ),
    );
    expect(replies.filter((r) => r.status === 401)).toHaveLength(5);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(55);
    // Another /56 is another client: clean, so it signs in.
    expect((await new Browser(origin, `2001:db8:${network}:4300::1`).signIn(address)).status).toBe(200);
  });

  it("checks at most 20 parallel attempts of one address across many e-mails", async () => {
    const from = ip();
    const before = await argon2Runs(origin, "verify");
    const replies = await Promise.all(
      Array.from({ length: 40 }, () => new Browser(origin, from).signIn(email(), WRONG)),
    );
    expect(replies.filter((r) => r.status === 401)).toHaveLength(20);
    expect((await argon2Runs(origin, "verify")) - before).toBe(20);
  });

  it("spaces out one e-mail's checks from addresses that failed before, across many addresses", async () => {
    const address = email();
    await new Browser(origin, ip()).signUp(address);
    // 10 addresses, each failing once first (each is clean for that first try, so all 10 are checked).
    const attackers = Array.from({ length: 10 }, ip);
    for (const from of attackers) await new Browser(origin, from).signIn(email(), WRONG);
    const before = await argon2Runs(origin, "verify");
    // Now 3 parallel guesses from each: past the e-mail's 5 failures, one check per spacing gets through.
    const replies = await Promise.all(
      attackers.flatMap((from) => Array.from({ length: 3 }, () => new Browser(origin, from).signIn(address, WRONG))),
    );
    const checked = (await argon2Runs(origin, "verify")) - before;
    expect(replies.filter((r) => r.status === 401)).toHaveLength(checked);
    // 5 before the e-mail's count is reached, one per second of spacing after (the burst lasts a second or two).
    expect(checked).toBeLessThanOrEqual(7);
    const spaced = replies.find((r) => r.status === 429 && /for this e-mail; try again/.test(r.body.error.message));
    expect(spaced).toBeDefined();
    expect(h.logLines.join("\n")).toMatch(/repeated failed sign-ins for one e-mail/);
    expect(h.logLines.join("\n")).not.toContain(address);
  });
});

describe("failures elsewhere never lock the owner out", () => {
  it("20 failures from address A and more from C, then the right password from a clean address B signs in", async () => {
    const address = email();
    await new Browser(origin, ip()).signUp(address);
    const a = ip();
    const fromA = [];
    for (let i = 0; i < 20; i++) fromA.push((await new Browser(origin, a).signIn(address, WRONG)).status);
    expect(fromA.filter((s) => s === 401)).toHaveLength(5);
    expect(fromA.filter((s) => s === 429)).toHaveLength(15);
    // A itself stays refused, even with the right password.
    expect((await new Browser(origin, a).signIn(address)).status).toBe(429);
    // C fails twice: its second check takes the e-mail's next spaced slot, so the next one is a second away.
    const c = ip();
    for (let i = 0; i < 2; i++) expect((await new Browser(origin, c).signIn(address, WRONG)).status).toBe(401);
    expect((await new Browser(origin, c).signIn(address, WRONG)).status).toBe(429);
    const b = new Browser(origin, ip());
    const res = await b.signIn(address);
    expect(res.status).toBe(200);
    expect((await b.call("get", "/api/auth/session")).body.user.email).toBe(address);
  });

  it("a right password clears the address's count for the e-mail, not the address's own count", async () => {
    const address = email();
    await new Browser(origin, ip()).signUp(address);
    const from = ip();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await new Browser(origin, from).signIn(address, WRONG)).status).toBe(401);
      expect((await new Browser(origin, from).signIn(address)).status).toBe(200);
    }
    // 12 failures kept against the address: 8 more reach its 20, whatever the e-mail.
    for (let i = 0; i < 8; i++) expect((await new Browser(origin, from).signIn(email(), WRONG)).status).toBe(401);
    expect((await new Browser(origin, from).signIn(address)).status).toBe(429);
  });

  it("an address with a failure of its own waits out the spacing, then gets in with the right password", async () => {
    const address = email();
    await new Browser(origin, ip()).signUp(address);
    for (let i = 0; i < 3; i++) for (const from of [ip(), ip()]) await new Browser(origin, from).signIn(address, WRONG);
    const owner = ip();
    await new Browser(origin, owner).signIn(email(), WRONG); // a typo in the e-mail: the address is no longer clean
    const first = await new Browser(origin, owner).signIn(address);
    // Either it took the next spaced slot at once, or it is told how long to wait (at most the 1 s cap).
    if (first.status === 429) {
      expect(first.headers["retry-after"]).toBe("1");
      await new Promise((resolve) => setTimeout(resolve, 1000)); // the Retry-After itself is what is tested
      expect((await new Browser(origin, owner).signIn(address)).status).toBe(200);
    } else expect(first.status).toBe(200);
  });
});

describe("sign-up and invite acceptance", () => {
  it("checks an invite token before hashing: made-up tokens cost no argon2 run, and past 3 per address, 429", async () => {
    const from = ip();
    const before = await argon2Runs(origin, "hash");
    const replies = [];
    for (let i = 0; i < 5; i++)
      replies.push(
        await new Browser(origin, from).call("post", `/api/auth/invite/${randomUUID()}`, { password: PASSWORD }),
      );
    expect(replies.map((r) => r.status)).toEqual([404, 404, 404, 429, 429]);
    expect(replies[3]!.body.error.code).toBe("RATE_LIMITED");
    expect(replies[3]!.body.error.message).toMatch(/Too many invite attempts from your address; try again in \d+ s/);
    expect(Number(replies[3]!.headers["retry-after"])).toBeGreaterThan(0);
    expect((await argon2Runs(origin, "hash")) - before).toBe(0);
    // Another address is not held.
    const other = await new Browser(origin, ip()).call("post", `/api/auth/invite/${randomUUID()}`, {
      password: PASSWORD,
    });
    expect(other.status).toBe(404);
  });

  it("answers a taken e-mail 409 without hashing the password", async () => {
    const address = email();
    await new Browser(origin, ip()).signUp(address);
    const before = await argon2Runs(origin, "hash");
    expect((await new Browser(origin, ip()).signUp(address)).status).toBe(409);
    expect((await argon2Runs(origin, "hash")) - before).toBe(0);
  });
});

describe("per-address sign-up limit and the argon2 gate", () => {
  let g: Harness;
  let gServer: Server;
  let gOrigin: string;
  beforeAll(async () => {
    g = await startHarness({
      addressLimits: { signUp: { limit: 2, windowMs: 60_000 } },
      argon2: { concurrency: 1, queue: 1 },
    });
    ({ server: gServer, origin: gOrigin } = await listen(g.app));
  });
  afterAll(async () => {
    await new Promise((resolve) => gServer.close(resolve));
    await g.close();
  });

  it("answers the third sign-up from one address 429 RATE_LIMITED with Retry-After", async () => {
    const from = ip();
    expect((await new Browser(gOrigin, from).signUp(email())).status).toBe(201);
    expect((await new Browser(gOrigin, from).signUp(email())).status).toBe(201);
    const third = await new Browser(gOrigin, from).signUp(email());
    expect(third.status).toBe(429);
    expect(third.body.error).toEqual({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/^Too many sign-ups from your address; try again in \d+ s$/),
    });
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("counts sign-ups from one IPv6 /56 together, whichever of its addresses they come from", async () => {
    const network = (++n).toString(16);
    const from = (i: number) => `2001:db8:${network}:${(0x4200 + i).toString(16)}::1`;
    expect((await new Browser(gOrigin, from(1)).signUp(email())).status).toBe(201);
    expect((await new Browser(gOrigin, from(2)).signUp(email())).status).toBe(201);
    expect((await new Browser(gOrigin, from(3)).signUp(email())).status).toBe(429);
    expect((await new Browser(gOrigin, `2001:db8:${network}:4300::1`).signUp(email())).status).toBe(201);
  });

  it("runs one hash at a time, lets one wait, and answers the rest 429 with Retry-After: 1", async () => {
    const replies = await Promise.all(Array.from({ length: 30 }, () => new Browser(gOrigin, ip()).signUp(email())));
    const busy = replies.filter((r) => r.status === 429);
    expect(replies.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(2);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length + replies.filter((r) => r.status === 201).length).toBe(30);
    expect(busy[0]!.headers["retry-after"]).toBe("1");
    expect(busy[0]!.body.error.code).toBe("RATE_LIMITED");
    expect((await request(gOrigin).get("/metrics")).text).toMatch(/management_argon2_refused_total(\{[^}]*\})? [1-9]/);
  });
});

describe("PasswordHasher", () => {
  it("runs `concurrency` at once, queues `queue` more and refuses the next with 429 RATE_LIMITED", async () => {
    const started: string[] = [];
    const hasher = new PasswordHasher({ concurrency: 1, queue: 1, onRun: (kind) => started.push(kind) });
    const first = hasher.hash(PASSWORD);
    const second = hasher.hash(PASSWORD);
    await expect(hasher.hash(PASSWORD)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      headers: { "Retry-After": "1" },
    });
    expect(started).toEqual(["hash"]);
    const [a, b] = await Promise.all([first, second]);
    expect(started).toEqual(["hash", "hash"]);
    expect(await hasher.verify(a, PASSWORD)).toBe(true);
    expect(await hasher.verify(b, WRONG)).toBe(false);
    expect(await hasher.verify(undefined, PASSWORD)).toBe(false);
  });
});
