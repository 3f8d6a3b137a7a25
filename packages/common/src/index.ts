// Temporary: the old catch-all, until every import names its group (removed in the next commit).
export * from "./bot-events.js";
export * from "./config/index.js";
export * from "./crypto.js";
export * from "./documents.js";
export * from "./errors.js";
export * from "./http/index.js";
export * from "./logging.js";
export * from "./metrics.js";
export * from "./plans.js";
export * from "./redis/index.js";
export * from "./service/index.js";
export * from "./text.js";
