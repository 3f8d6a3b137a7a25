/**
 * `@botyard/common/http`: what an HTTP route needs beyond express: the one error translator (errorHandler,
 * toProblem), 405 with `Allow`, request bodies under a size limit, and JSON answers to requests the parser refuses.
 */
export * from "./body-limit.js";
export * from "./client-errors.js";
export * from "./http-errors.js";
export * from "./methods.js";
