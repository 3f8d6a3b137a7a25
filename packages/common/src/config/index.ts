/**
 * `@botyard/common/config`: the settings every service reads from the environment (one zod schema, validated once),
 * the local secret key outside production, and the runtime-env file `pnpm start` writes for the CLI.
 */
export * from "./config.js";
export * from "./runtime-env.js";
export * from "./secret-key.js";
