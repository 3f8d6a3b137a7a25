export { z } from "./zod.js";
export * from "./registry.js";
export * from "./security.js";
export * from "./fields.js";
export * from "./validation.js";
export * from "./operator.js";
export * from "./docs-router.js";
