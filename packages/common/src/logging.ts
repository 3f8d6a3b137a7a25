/** JSON-lines logging (pino) with the secret-bearing fields redacted wherever they appear. */
import { pino, type DestinationStream, type Logger, stdSerializers } from "pino";

export type { Logger } from "pino";

/** Field paths that may hold a secret; pino replaces their values before a line is written. */
export const redactedPaths = [
  "apiKey",
  "*.apiKey",
  "token",
  "*.token",
  "botToken",
  "*.botToken",
  "newBotToken",
  "*.newBotToken",
  "secret",
  "*.secret",
  "env",
  "*.env",
  "password",
  "*.password",
  "req.headers.authorization",
  'req.headers["x-bot-token"]',
  'req.headers["x-telegram-bot-api-secret-token"]',
  'headers["x-bot-token"]',
  'headers["x-telegram-bot-api-secret-token"]',
];

/**
 * Removes the parameters a failed query's error carries in its text: drizzle's `DrizzleQueryError` says
 * `Failed query: <sql>\nparams: <values>`, and the values may be a bot's env, a password hash or a sealed key.
 */
export function withoutQueryParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, "\nparams: [redacted]");
}

/** pino's error serializer, with every query's parameters removed (see {@link withoutQueryParams}). */
function serializeError(err: unknown): unknown {
  return scrubQueryParams(stdSerializers.err(err as Error), 0);
}

function scrubQueryParams(value: unknown, depth: number): unknown {
  if (typeof value !== "object" || value === null || depth > 4) return value;
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const field = fields[key];
    if (key === "params") fields[key] = "[redacted]";
    else if (typeof field === "string" && (key === "message" || key === "stack"))
      fields[key] = withoutQueryParams(field);
    else scrubQueryParams(field, depth + 1);
  }
  return value;
}

/** Creates the root logger of a service. `destination` is for tests that read the lines back. */
export function createLogger(service: string, level = "info", destination?: NodeJS.WritableStream): Logger {
  const options = {
    name: service,
    level,
    redact: { paths: redactedPaths, censor: "[redacted]" },
    serializers: { err: serializeError },
    hooks: {
      // An Error logged alone gives its message as the line's `msg`, which the err serializer does not see.
      logMethod(this: Logger, args: unknown[], method: (...args: unknown[]) => void) {
        const [first, second] = args;
        if (first instanceof Error && typeof second !== "string") {
          method.apply(this, [first, withoutQueryParams(first.message), ...args.slice(1)]);
        } else {
          method.apply(this, args);
        }
      },
    },
  };
  return destination ? pino(options, destination as DestinationStream) : pino(options);
}

/**
 * Removes anything shaped like a Telegram bot token (`123456:ABC…`) or a Botyard API key from free text, e.g. an
 * error message from a library that echoed a URL.
 */
export function scrubSecrets(text: string): string {
  // Tokens first: a key run into a token (`byk_id_s123456:ABC…`) must not take the token's digits and leave its secret
  // half behind. A key whose secret the token's redaction took is still redacted (its secret may then be empty).
  return text
    .replace(/\d{3,}:[A-Za-z0-9_-]{20,}/g, "[redacted-token]")
    .replace(/byk_[A-Za-z0-9]+_[A-Za-z0-9_-]*/g, "[redacted-key]");
}
