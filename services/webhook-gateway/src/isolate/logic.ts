/**
 * Custom webhook handlers: bot code assigns `logic['<path>'] = async (query, body, db, response, params) => …`.
 * {@link runLogic} calls the handler and reports what it left in `response` (or returned): the host shapes the reply.
 *
 * @see docs/bot-runtime.md#custom-webhooks
 */
import type { BotDb } from "./db.js";
import { hasOwn } from "./intrinsics.js";
import type { CallOutcome, LogicArgs } from "./protocol.js";

/** A custom webhook handler. */
export type LogicHandler = (
  query: LogicArgs["query"],
  body: unknown,
  db: BotDb,
  response: WebhookResponse,
  params: LogicArgs["params"],
) => unknown;

/** The response object a handler mutates (spec: statusCode, headers, message, data). */
export interface WebhookResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  message: string | undefined;
  data: unknown;
}

/** Runs `logic[path]`; a handler that throws ends in the `error` outcome with the stack for the bot's log. */
export async function runLogic(
  logic: Record<string, unknown>,
  path: string,
  args: LogicArgs,
  db: BotDb,
): Promise<CallOutcome> {
  const handler = hasOwn(logic, path) ? logic[path] : undefined;
  if (typeof handler !== "function") return { status: "no-handler" };
  const response: WebhookResponse = { statusCode: 200, headers: {}, message: undefined, data: undefined };
  const returned = await (handler as LogicHandler)(args.query, args.body, db, response, args.params);
  const data = response.data !== undefined ? response.data : returned;
  return {
    status: "done",
    result: { statusCode: response.statusCode, headers: response.headers, message: response.message, data },
  };
}
