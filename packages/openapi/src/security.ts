/**
 * The security schemes of Botyard's documents. OpenAPI cannot describe a credential carried in a JSON body field, so
 * the management API key appears twice: as the `apiKey` query parameter scheme (GET) and as a required `apiKey` field
 * of every POST body, with the POST operations marked by the `x-botyard-api-key-in: body` extension.
 *
 * @see docs/api-contract.md#security
 */

/** Scheme names, as they appear under components/securitySchemes and in each operation's `security`. */
export const SCHEME = {
  apiKeyQuery: "ApiKeyQuery",
  botToken: "BotToken",
  dashboardSession: "DashboardSession",
  csrf: "DashboardCsrf",
  operatorToken: "OperatorToken",
  telegramSecret: "TelegramSecretToken",
  internalToken: "InternalToken",
} as const;

/** The cookie of the dashboard's session (docs/dashboard.md#sessions). */
export const DASHBOARD_SESSION_COOKIE = "botyard_session";
/** The cookie of the operator pages' login (docs/operations.md#queue-dashboard). */
export const OPERATOR_COOKIE = "botyard_operator";

/**
 * The name a platform cookie takes: under an https PUBLIC_BASE_URL it gets the `__Host-` prefix, which browsers
 * accept only with Secure, Path=/ and no Domain, so no other host (a sibling subdomain) can set or shadow it.
 */
export function platformCookieName(base: string, https: boolean): string {
  return https ? `__Host-${base}` : base;
}

/**
 * Every name a platform cookie may have. The gateway removes these from the Cookie header it gives bot code
 * (docs/bot-runtime.md#globals): a bot on the same host name must never read a visitor's session.
 */
export const PLATFORM_COOKIES: ReadonlySet<string> = new Set(
  [DASHBOARD_SESSION_COOKIE, OPERATOR_COOKIE].flatMap((name) => [name, platformCookieName(name, true)]),
);

export const SECURITY_SCHEMES = {
  [SCHEME.apiKeyQuery]: {
    type: "apiKey",
    in: "query",
    name: "apiKey",
    description:
      "Personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`). GET: the `apiKey` query " +
      "parameter. POST: the `apiKey` field of the JSON body (OpenAPI has no body-field scheme; see each POST body).",
  },
  [SCHEME.botToken]: {
    type: "apiKey",
    in: "header",
    name: "X-Bot-Token",
    description: "The Telegram token of the bot named by botId.",
  },
  [SCHEME.dashboardSession]: {
    type: "apiKey",
    in: "cookie",
    name: DASHBOARD_SESSION_COOKIE,
    description: "The dashboard's session cookie, for the dashboard's /api routes.",
  },
  [SCHEME.csrf]: {
    type: "apiKey",
    in: "header",
    name: "X-CSRF-Token",
    description:
      "The session's CSRF token (from GET /api/auth/session or the sign-in reply), required with the session cookie " +
      "on every state-changing /api call, together with a same-origin Origin header.",
  },
  [SCHEME.telegramSecret]: {
    type: "apiKey",
    in: "header",
    name: "X-Telegram-Bot-Api-Secret-Token",
    description: "The secret_token restartBot gave Telegram's setWebhook; Telegram sends it with every update.",
  },
  [SCHEME.internalToken]: {
    type: "http",
    scheme: "bearer",
    description:
      "The internal token management derives from SECRET_KEY, for the gateway's internal routes " +
      "(docs/versions.md#previews).",
  },
  [SCHEME.operatorToken]: {
    type: "http",
    scheme: "bearer",
    description: "OPERATOR_TOKEN, for operator pages such as /admin/queues.",
  },
} as const;
