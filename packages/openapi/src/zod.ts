/**
 * The one `z` every documented schema is written with: zod extended with `.openapi(...)` metadata. Importing it from
 * here guarantees the extension is installed before any schema calls `.openapi`.
 */
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

extendZodWithOpenApi(z);

export { z };
