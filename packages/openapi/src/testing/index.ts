/** Test support for contract tests (import from `@botyard/openapi/testing`, never from service code). */
export * from "./contract.js";
export * from "./routes.js";
export * from "./schema-arbitrary.js";
export * from "./text-arbitrary.js";
