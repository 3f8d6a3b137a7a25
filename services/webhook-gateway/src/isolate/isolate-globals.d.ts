/**
 * The globals of a bot isolate beyond ECMAScript's own (this folder compiles with `lib: ["ES2022"]` and no `types`,
 * tsconfig.json beside this file): isolated-vm gives each bot a bare V8 context, so there is no `console`,
 * `setTimeout`, `process`, `Buffer` or `require` here; the bootstrap makes the bot's own (entry.ts). The host sets
 * these four before the bootstrap runs (runtime/sandbox.ts); entry.ts takes and deletes the first three at once, and
 * the host takes and deletes `__botyardReceive` before the bot's code runs.
 *
 * @see docs/bot-runtime.md#how-bot-code-runs
 */

/** Sends one message to the host when the mailbox is full or the text is too long for it (mailbox.ts). */
declare var __botyardSend: ((text: string, seq: number) => void) | undefined;
/** The mailbox's shared memory (mailbox.ts). */
declare var __botyardMailbox: SharedArrayBuffer | undefined;
/** The bot's env vars as JSON text, for `process.env`. */
declare var __botyardEnv: string | undefined;
/** Set by the bootstrap: the host's only way in. */
declare var __botyardReceive: ((text: string) => void) | undefined;
