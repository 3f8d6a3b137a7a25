/**
 * The operator CLI: `pnpm botyard user:create|user:key|user:rotate-key|user:invite --email E`. Prints one JSON line
 * (create), the key, or the one-time link to set a dashboard password (invite; docs/dashboard.md#invites); on a
 * problem prints the reason on stderr and exits 1. `pnpm botyard plan:set --email E --plan NAME` puts the account on
 * a plan of PLANS (docs/operations.md#plans-and-quotas) and prints one JSON line `{"email":…,"plan":…}`.
 */
import { parseArgs } from "node:util";
import { AppError } from "@botyard/common/errors";
import { baseConfigSchema, loadConfig, withRuntimeEnv } from "@botyard/common/config";
import { parsePlans } from "@botyard/common/plans";
import { SecretBox, SecretBoxError } from "@botyard/common/crypto";
import { withoutQueryParams } from "@botyard/common/logging";
import { createDb, prepareDatabase } from "@botyard/db";
import { AccountRepository } from "../accounts/account-repository.js";
import { AccountService } from "../accounts/account-service.js";
import { AuthService } from "../auth/auth-service.js";
import { SessionRepository } from "../auth/session-repository.js";
import { managementConfigSchema, publicBaseUrl } from "../config.js";
import { QuotaRepository } from "../usage/quota-repository.js";
import { QuotaService } from "../usage/quota-service.js";

/** A command line the CLI does not understand. */
class UsageError extends Error {
  override readonly name = "UsageError";
}

const USAGE =
  "usage: pnpm botyard <user:create|user:key|user:rotate-key|user:invite> --email <address>\n" +
  "       pnpm botyard plan:set --email <address> --plan <name>";

const cliConfigSchema = baseConfigSchema
  .pick({ DATABASE_URL: true, SECRET_KEY: true, NODE_ENV: true, MANAGEMENT_PORT: true })
  .extend({
    PUBLIC_BASE_URL: managementConfigSchema.shape.PUBLIC_BASE_URL,
    PLANS: managementConfigSchema.shape.PLANS,
    DEFAULT_PLAN: managementConfigSchema.shape.DEFAULT_PLAN,
  });

/** The command line, parsed; an unknown option or a missing option value is a {@link UsageError} (exit 2). */
function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: { email: { type: "string" }, plan: { type: "string" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_"))
      throw new UsageError(`${(err as Error).message}\n${USAGE}`);
    throw err;
  }
}

/** `user:key`; a sealed key this SECRET_KEY cannot open is explained rather than shown as a cipher error. */
async function keyOf(accounts: AccountService, email: string): Promise<string> {
  try {
    return await accounts.key(email);
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
    throw new Error(
      "the stored key cannot be decrypted: SECRET_KEY is not the key it was sealed with " +
        "(user:rotate-key makes a new one)",
    );
  }
}

async function run(argv: string[]): Promise<string> {
  const { positionals, values } = parse(argv);
  const [command, ...rest] = positionals;
  if (!command || rest.length > 0) throw new UsageError(USAGE);
  if (!values.email) throw new UsageError(`--email is required\n${USAGE}`);
  const commands = ["user:create", "user:key", "user:rotate-key", "user:invite", "plan:set"];
  if (!commands.includes(command)) throw new UsageError(`unknown command '${command}'\n${USAGE}`);
  if (command === "plan:set" && !values.plan) throw new UsageError(`--plan is required\n${USAGE}`);
  if (command !== "plan:set" && values.plan !== undefined)
    throw new UsageError(`--plan is for plan:set only\n${USAGE}`);

  // Reach the database a running `pnpm start` chose; otherwise the same default it would choose.
  const config = loadConfig(cliConfigSchema, withRuntimeEnv());
  await prepareDatabase(config.DATABASE_URL);
  const { db, pool } = createDb(config.DATABASE_URL, { max: 2, applicationName: "botyard-cli" });
  try {
    const accountRepository = new AccountRepository(db);
    const accounts = new AccountService(accountRepository, new SecretBox(config.SECRET_KEY));
    if (command === "user:invite") {
      // Sign-up mode does not matter here: an invite sets the password of an account that already exists.
      const auth = new AuthService({
        sessions: new SessionRepository(db),
        accounts: accountRepository,
        signup: "closed",
      });
      const token = await auth.invite(values.email.trim());
      return `${publicBaseUrl(config)}/invite/${token}`;
    }
    if (command === "plan:set") {
      const quotas = new QuotaService(new QuotaRepository(db), parsePlans(config.PLANS, config.DEFAULT_PLAN));
      await quotas.setPlan(values.email.trim(), values.plan as string);
      return JSON.stringify({ email: values.email.trim(), plan: values.plan });
    }
    if (command === "user:create") return JSON.stringify(await accounts.create(values.email));
    if (command === "user:key") return await keyOf(accounts, values.email);
    return await accounts.rotate(values.email);
  } finally {
    await pool.end();
  }
}

try {
  process.stdout.write(`${await run(process.argv.slice(2))}\n`);
} catch (err) {
  const message =
    err instanceof UsageError || err instanceof AppError || (err instanceof Error && err.name === "ConfigError")
      ? err.message
      : `error: ${withoutQueryParams((err as Error).message)}`;
  process.stderr.write(`${message.replace(/^targetEmail/, "--email")}\n`);
  // 2 for a command line we do not understand (as getopt tools do), 1 for anything else.
  process.exitCode = err instanceof UsageError ? 2 : 1;
}
