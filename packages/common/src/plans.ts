/**
 * Account plans: named sets of quotas, read from the `PLANS` variable (JSON) with `DEFAULT_PLAN` naming the plan of
 * every account whose own `plan` is unset (or names a plan that is no longer configured). Management (bots, broadcasts
 * a day, the account's usage reply) and the gateway (requests a second, stored documents and bytes) read the same
 * variables, so every service holds an account to the same numbers.
 *
 * @see docs/operations.md#plans-and-quotas
 */
import { z } from "zod";

/** The quotas of a plan, as the account's usage reply and QUOTA_EXCEEDED name them. */
export const QUOTA_NAMES = [
  "bots",
  "storedDocuments",
  "storedBytes",
  "broadcastsPerDay",
  "liveStreams",
  "pendingScheduledRuns",
  "requestsPerSecond",
] as const;

/** A quota's name. */
export type QuotaName = (typeof QUOTA_NAMES)[number];

/** The quotas of one plan: each a whole number of at least 0 (0 forbids the thing). */
export type Plan = Record<QuotaName, number>;

const count = z.number().int().min(0);

/** One plan as written in `PLANS`: every quota is required, so a plan never inherits a number by accident. */
export const planSchema = z
  .object({
    bots: count,
    storedDocuments: count,
    storedBytes: count,
    broadcastsPerDay: count,
    liveStreams: count,
    pendingScheduledRuns: count,
    /** Requests a second across all the account's bots, on each gateway replica (docs/operations.md#plans-and-quotas). */
    requestsPerSecond: z.number().min(0),
  })
  .strict();

/**
 * The plan of an account that has none when `PLANS` is unset. Its numbers leave room for every use seen so far
 * (tests and benchmarks run one bot at thousands of requests a second) while bounding an account's footprint: 100
 * bots, 1 GiB and a million documents across them, 50 broadcasts a day, 10 live streams.
 */
export const BUILTIN_PLANS: Readonly<Record<string, Plan>> = Object.freeze({
  default: Object.freeze({
    bots: 100,
    storedDocuments: 1_000_000,
    storedBytes: 1024 * 1024 * 1024,
    broadcastsPerDay: 50,
    liveStreams: 10,
    pendingScheduledRuns: 1000,
    requestsPerSecond: 1000,
  }),
});

/** Plan names: letters, digits, `-` and `_`, 1 to 32 characters. */
export const PLAN_NAME = /^[A-Za-z0-9_-]{1,32}$/;

/** The plans of a deployment and the default one. */
export interface Plans {
  /** Plans by name. */
  readonly byName: Readonly<Record<string, Plan>>;
  /** The name of the plan an account without one (or with an unknown one) is on. */
  readonly defaultName: string;
}

/** The two variables, as each service's config schema extends with them. */
export const plansConfigShape = {
  /** JSON object: plan name → quotas. @defaultValue {@link BUILTIN_PLANS} */
  PLANS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parsePlans(value, undefined);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
      }
    }),
  /** The plan of accounts without one. @defaultValue `default` */
  DEFAULT_PLAN: z.string().regex(PLAN_NAME, "DEFAULT_PLAN must be 1 to 32 letters, digits, - or _").optional(),
};

/** Reads `PLANS` and `DEFAULT_PLAN`; throws an Error naming the problem (never echoing the whole value). */
export function parsePlans(plansJson: string | undefined, defaultName: string | undefined): Plans {
  let byName: Record<string, Plan> = { ...BUILTIN_PLANS };
  if (plansJson !== undefined && plansJson.trim() !== "") {
    let raw: unknown;
    try {
      raw = JSON.parse(plansJson);
    } catch {
      throw new Error("PLANS is not valid JSON");
    }
    const parsed = z.record(z.string().regex(PLAN_NAME), planSchema).safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`PLANS: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`);
    }
    if (Object.keys(parsed.data).length === 0) throw new Error("PLANS names no plan");
    byName = parsed.data;
  }
  const name = defaultName ?? (byName.default ? "default" : Object.keys(byName)[0]);
  if (name === undefined || byName[name] === undefined) throw new Error(`DEFAULT_PLAN '${name}' is not in PLANS`);
  return { byName, defaultName: name };
}

/** The plan an account with `plan` (its column, maybe null) is on, and that plan's name. */
export function planOf(plans: Plans, plan: string | null | undefined): { name: string; quotas: Plan } {
  const known = plan ? plans.byName[plan] : undefined;
  if (plan && known) return { name: plan, quotas: known };
  return { name: plans.defaultName, quotas: plans.byName[plans.defaultName] as Plan };
}
