/**
 * The next-time arithmetic of `scheduler.cron` (docs/bot-runtime.md#cron): named time zones across DST changes, the
 * field-count and interval rules, and properties that hold for any start time.
 */
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { checkCron, CronError, isTimeZone, nextOccurrence } from "../../../src/schedules/cron.js";

const iso = (d: Date | undefined) => d?.toISOString();
/** The next `n` occurrences after `from`. */
function occurrences(expression: string, timezone: string, from: string, n: number): string[] {
  const out: string[] = [];
  let at = new Date(from);
  for (let i = 0; i < n; i++) {
    const next = nextOccurrence({ expression, timezone }, at);
    if (!next) break;
    out.push(next.toISOString());
    at = next;
  }
  return out;
}

describe("next occurrence in a named time zone", () => {
  it("09:00 in New York is 13:00 UTC in summer and 14:00 UTC after the clocks go back (1 Nov 2026)", () => {
    expect(occurrences("0 9 * * *", "America/New_York", "2026-10-30T00:00:00Z", 4)).toEqual([
      "2026-10-30T13:00:00.000Z",
      "2026-10-31T13:00:00.000Z",
      "2026-11-01T14:00:00.000Z",
      "2026-11-02T14:00:00.000Z",
    ]);
  });

  it("02:30 in Berlin on the night the clocks skip 02:00–03:00 (29 Mar 2026) runs once, at 03:00 CEST", () => {
    expect(occurrences("30 2 * * *", "Europe/Berlin", "2026-03-28T00:00:00Z", 3)).toEqual([
      "2026-03-28T01:30:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-30T00:30:00.000Z",
    ]);
  });

  it("01:30 in New York on the night 01:00–02:00 happens twice (1 Nov 2026) runs once", () => {
    const runs = occurrences("30 1 * * *", "America/New_York", "2026-10-31T12:00:00Z", 3);
    expect(runs[0]).toMatch(/^2026-11-01T0[56]:30:00.000Z$/);
    expect(runs.slice(1)).toEqual(["2026-11-02T06:30:00.000Z", "2026-11-03T06:30:00.000Z"]);
  });

  it("the default zone is UTC, and six fields put seconds first", () => {
    expect(
      iso(nextOccurrence({ expression: "15 0 12 * * *", timezone: "UTC" }, new Date("2026-01-01T00:00:00Z"))),
    ).toBe("2026-01-01T12:00:15.000Z");
  });

  it("a zone with a half-hour offset (Asia/Kolkata, UTC+05:30)", () => {
    expect(occurrences("0 9 * * 1", "Asia/Kolkata", "2026-06-01T00:00:00Z", 2)).toEqual([
      "2026-06-01T03:30:00.000Z",
      "2026-06-08T03:30:00.000Z",
    ]);
  });
});

describe("checkCron", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  it.each([
    ["* * * *", /has 4 fields/],
    ["* * * * * * *", /has 7 fields/],
    ["", /has 1 fields/],
    ["61 * * * *", /not a valid cron expression/],
    ["* * * * MON-XYZ", /not a valid cron expression/],
    ["0 0 30 2 *", /never matches/],
    ["*/10 * * * * *", /10 s apart; the shortest interval is 60 s/],
    ["0,30 * * * * *", /30 s apart/],
  ])("refuses %j", (expression, message) => {
    expect(() => checkCron(expression, "UTC", 60, now)).toThrow(CronError);
    expect(() => checkCron(expression, "UTC", 60, now)).toThrow(message);
  });

  it("refuses an unknown zone and accepts IANA names", () => {
    expect(() => checkCron("0 9 * * *", "Mars/Olympus", 60, now)).toThrow(/not an IANA time zone/);
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("")).toBe(false);
  });

  it("holds a shortest interval above a minute for five fields too", () => {
    expect(() => checkCron("*/5 * * * *", "UTC", 600, now)).toThrow(/300 s apart; the shortest interval is 600 s/);
    expect(checkCron("0 */2 * * *", "UTC", 600, now)).toEqual({ expression: "0 */2 * * *", timezone: "UTC" });
  });

  it("normalises the spacing of the fields", () => {
    expect(checkCron("  0   9 * *   1-5 ", "UTC", 60, now).expression).toBe("0 9 * * 1-5");
  });
});

describe("properties", () => {
  const zones = fc.constantFrom("UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata");
  const start = fc.date({
    min: new Date("2020-01-01T00:00:00Z"),
    max: new Date("2035-01-01T00:00:00Z"),
    noInvalidDate: true,
  });

  it("the next occurrence is after the start, at most a day later for a daily pattern, and on the hour's minute", () => {
    fc.assert(
      fc.property(
        zones,
        start,
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (zone, from, hour, minute) => {
          const next = nextOccurrence({ expression: `${minute} ${hour} * * *`, timezone: zone }, from);
          expect(next).toBeDefined();
          const ms = next!.getTime() - from.getTime();
          expect(ms).toBeGreaterThan(0);
          // A day, plus the hour a DST change can add.
          expect(ms).toBeLessThanOrEqual(25 * 3600_000);
          expect(next!.getUTCSeconds()).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("occurrences of an every-15-minutes pattern are strictly increasing and 15 minutes apart in any zone", () => {
    fc.assert(
      fc.property(zones, start, (zone, from) => {
        const runs = occurrences("*/15 * * * *", zone, from.toISOString(), 5).map((s) => Date.parse(s));
        for (let i = 1; i < runs.length; i++) expect(runs[i]! - runs[i - 1]!).toBe(15 * 60_000);
      }),
      { numRuns: 100 },
    );
  });
});
