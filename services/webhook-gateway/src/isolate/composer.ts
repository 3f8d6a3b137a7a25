/**
 * `bot` for bot code: Telegraf-style registration (`start`, `help`, `command`, `hears`, `action`, `on`, `use`) and
 * matching, as a middleware chain in the manner of grammY's Composer. Handlers run in the order they were registered;
 * a handler whose trigger matches runs with `(ctx, next)` and the chain stops there unless it calls `next()`.
 *
 * @see docs/bot-runtime.md#telegram-updates
 */
import type { Update } from "@grammyjs/types";
import { Context } from "./context.js";
import { hasOwn, isArray, NativeRegExp } from "./intrinsics.js";
import type { BotTelegram } from "./telegram.js";

/** What the chain hands to a handler: call it to let later handlers see the update. */
export type Next = () => Promise<void>;
/** An update handler. */
export type Handler = (ctx: Context, next: Next) => unknown;
/** A text trigger: the exact text, or a RegExp tested against it. */
export type Trigger = string | RegExp;

type Middleware = (ctx: Context, next: Next) => Promise<void>;

/** The `bot` global. */
export interface BotComposer {
  readonly telegram: BotTelegram;
  use(...handlers: Handler[]): BotComposer;
  start(...handlers: Handler[]): BotComposer;
  help(...handlers: Handler[]): BotComposer;
  command(names: string | readonly string[], ...handlers: Handler[]): BotComposer;
  hears(triggers: Trigger | readonly Trigger[], ...handlers: Handler[]): BotComposer;
  action(triggers: Trigger | readonly Trigger[], ...handlers: Handler[]): BotComposer;
  on(types: string | readonly string[], ...handlers: Handler[]): BotComposer;
  /** Runs the chain on an update; resolves true when some handler matched it. */
  handleUpdate(update: Update): Promise<boolean>;
}

const list = <T>(value: T | readonly T[]): readonly T[] => (isArray(value) ? (value as readonly T[]) : [value as T]);

/** The command of a message text: `/name@bot payload` → `{ name, payload }`. */
export function parseCommand(text: string | undefined): { name: string; payload: string } | null {
  if (text === undefined) return null;
  const m = /^\/([A-Za-z0-9_]{1,64})(?:@[A-Za-z0-9_]+)?(?:\s+([\s\S]*))?$/.exec(text);
  return m ? { name: m[1] as string, payload: m[2] ?? "" } : null;
}

/** Tests a trigger against a value; the match (or null). */
export function matchTrigger(trigger: Trigger, value: string | undefined): RegExpExecArray | string[] | null {
  if (value === undefined) return null;
  if (trigger instanceof NativeRegExp) {
    trigger.lastIndex = 0;
    return trigger.exec(value);
  }
  return trigger === value ? [value] : null;
}

/** True when the update is of `type`: the update kind (`message`), a message field (`text`, `photo`), or `kind:field`. */
export function updateHas(ctx: Context, type: string): boolean {
  const [kind, field] = type.split(":") as [string, string | undefined];
  if (field !== undefined) {
    const part = (ctx.update as unknown as Record<string, unknown>)[kind];
    return typeof part === "object" && part !== null && hasOwn(part, field);
  }
  if (kind === ctx.updateType) return true;
  const message = ctx.message;
  return message !== undefined && hasOwn(message, kind);
}

/** Builds `bot`. */
export function createComposer(telegram: BotTelegram): BotComposer {
  const chain: Middleware[] = [];

  const guarded = (test: (ctx: Context) => boolean, handlers: Handler[]) => {
    chain.push(async (ctx, next) => {
      if (!test(ctx)) return next();
      await runAll(handlers, ctx, next);
    });
  };

  const bot: BotComposer = {
    telegram,
    use(...handlers) {
      chain.push((ctx, next) => runAll(handlers, ctx, next));
      return bot;
    },
    start: (...handlers) => bot.command("start", ...handlers),
    help: (...handlers) => bot.command("help", ...handlers),
    command(names, ...handlers) {
      const wanted = list(names).map((n) => String(n).replace(/^\//, ""));
      guarded((ctx) => {
        const command = parseCommand(ctx.message?.text);
        if (command === null || !wanted.includes(command.name)) return false;
        ctx.match = [ctx.message?.text ?? "", command.payload];
        ctx.payload = command.payload;
        return true;
      }, handlers);
      return bot;
    },
    hears(triggers, ...handlers) {
      guarded((ctx) => firstMatch(ctx, list(triggers), ctx.text), handlers);
      return bot;
    },
    action(triggers, ...handlers) {
      guarded((ctx) => firstMatch(ctx, list(triggers), ctx.callbackQuery?.data), handlers);
      return bot;
    },
    on(types, ...handlers) {
      const wanted = list(types);
      guarded((ctx) => wanted.some((t) => updateHas(ctx, String(t))), handlers);
      return bot;
    },
    async handleUpdate(update) {
      const ctx = new Context(update, telegram);
      let reachedEnd = false;
      await compose(chain, 0, ctx, async () => {
        reachedEnd = true;
      });
      return !reachedEnd;
    },
  };
  return bot;
}

function firstMatch(ctx: Context, triggers: readonly Trigger[], value: string | undefined): boolean {
  for (const trigger of triggers) {
    const m = matchTrigger(trigger, value);
    if (m !== null) {
      ctx.match = m;
      return true;
    }
  }
  return false;
}

async function runAll(handlers: Handler[], ctx: Context, next: Next): Promise<void> {
  const wrapped: Middleware[] = handlers.map((h) => async (c, n) => {
    if (typeof h !== "function") throw new TypeError("A handler must be a function");
    await h(c, n);
  });
  await compose(wrapped, 0, ctx, next);
}

async function compose(chain: Middleware[], index: number, ctx: Context, last: Next): Promise<void> {
  const middleware = chain[index];
  if (middleware === undefined) return last();
  let called = false;
  await middleware(ctx, async () => {
    if (called) throw new Error("next() was called twice");
    called = true;
    await compose(chain, index + 1, ctx, last);
  });
}
