/** JSON-lines logging (pino) with the secret-bearing fields redacted wherever they appear. */
import { pino, type DestinationStream, type Logger } from "pino";

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

/** Creates the root logger of a service. `destination` is for tests that read the lines back. */
export function createLogger(service: string, level = "info", destination?: NodeJS.WritableStream): Logger {
  const options = { name: service, level, redact: { paths: redactedPaths, censor: "[redacted]" } };
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
