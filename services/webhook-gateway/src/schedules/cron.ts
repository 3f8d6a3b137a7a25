/**
 * Cron expressions and time zones of `scheduler.cron` (docs/bot-runtime.md#cron), over croner: maintained, no
 * dependencies, IANA time zones and DST handled, an optional seconds field, and about ten times faster than
 * cron-parser 4 at finding the next time of a sparse pattern (a daily one: a few ms against tens of ms each, measured
 * on the CI machine), which matters because the gateway computes it on its event loop. We only check what it accepts
 * against our own rules: five or six fields, a zone Intl knows, and no two occurrences closer than the shortest
 * interval.
 */
import { Cron } from "croner";

/** A cron expression that passed every check. */
export interface CronSpec {
  expression: string;
  timezone: string;
}

/**
 * The shortest interval is looked for among the occurrences of the next two days (at most 60 of them): a pattern's
 * gaps repeat within its hours and days, and a sparse one (daily, weekly) costs two or three steps.
 */
const INTERVAL_SAMPLES = 60;
const INTERVAL_SPAN_MS = 2 * 86_400_000;

/** A refusal of an expression or zone, with the message bot code sees. */
export class CronError extends Error {
  override readonly name = "CronError";
}

/** True when `zone` is an IANA time zone this Node knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function pattern(spec: CronSpec): Cron {
  return new Cron(spec.expression, { timezone: spec.timezone, paused: true });
}

/** The first occurrence of `spec` strictly after `after`; undefined when there is none. */
export function nextOccurrence(spec: CronSpec, after: Date): Date | undefined {
  return pattern(spec).nextRun(after) ?? undefined;
}

/**
 * Checks an expression: 5 fields (minute first) or 6 (seconds first), a known zone, an occurrence within reach, and
 * no two occurrences closer than `minIntervalS`. Throws CronError.
 */
export function checkCron(expression: string, timezone: string, minIntervalS: number, now: Date): CronSpec {
  const short = expression.slice(0, 100);
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5 && fields.length !== 6) {
    throw new CronError(
      `'${short}' has ${fields.length} fields; a cron expression has 5 (minute hour day month weekday) or 6 ` +
        "(second first)",
    );
  }
  if (!isTimeZone(timezone)) throw new CronError(`'${timezone.slice(0, 100)}' is not an IANA time zone`);
  const spec = { expression: fields.join(" "), timezone };
  let cron: Cron;
  try {
    cron = pattern(spec);
  } catch (err) {
    throw new CronError(`'${short}' is not a valid cron expression: ${(err as Error).message}`);
  }
  const first = cron.nextRun(now);
  if (!first) throw new CronError(`'${short}' never matches`);
  // Five fields are a minute apart at least: only seconds, or a shortest interval above a minute, need a look.
  if (fields.length === 5 && minIntervalS <= 60) return spec;
  let previous = first.getTime();
  for (let i = 1; i < INTERVAL_SAMPLES && previous - first.getTime() < INTERVAL_SPAN_MS; i++) {
    const at = cron.nextRun(new Date(previous))?.getTime();
    if (at === undefined) break;
    if (at - previous < minIntervalS * 1000) {
      throw new CronError(
        `'${short}' runs ${(at - previous) / 1000} s apart; the shortest interval is ${minIntervalS} s`,
      );
    }
    previous = at;
  }
  return spec;
}
