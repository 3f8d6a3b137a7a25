/**
 * The registry every route family registers its operations into, and the document built from it. Services build one
 * registry, hand it to each route family's `register…` function (management: /apiv3, broadcasts, operator routes, the
 * dashboard's /api), and serve the result at GET /openapi.json. Schemas are the same zod objects the routes validate
 * with, so the document cannot drift from the code.
 *
 * @see docs/api-contract.md
 */
import {
  OpenApiGeneratorV31,
  OpenAPIRegistry,
  type ResponseConfig,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import type { ZodTypeAny } from "zod";
import { SECURITY_SCHEMES } from "./security.js";

/** The generated document (OpenAPI 3.1), as a plain JSON value. */
export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

/** A route family's contribution to a document. */
export type ApiContributor = (registry: ApiRegistry) => void;

/** What a route configuration looks like (re-exported so contributors need not depend on the generator). */
export type { ResponseConfig, RouteConfig };

/** Wraps zod-to-openapi's registry with our security schemes and a record of every (method, path) registered. */
export class ApiRegistry {
  readonly inner = new OpenAPIRegistry();
  readonly #routes = new Set<string>();

  constructor() {
    for (const [name, scheme] of Object.entries(SECURITY_SCHEMES))
      this.inner.registerComponent("securitySchemes", name, scheme);
  }

  /** Registers a reusable schema under components/schemas/`name` and returns it (use the result in routes). */
  schema<T extends ZodTypeAny>(name: string, schema: T): T {
    return this.inner.register(name, schema);
  }

  /** Registers one operation. A (method, path) pair registered twice is a programming error. */
  route(config: RouteConfig): void {
    const key = `${config.method.toUpperCase()} ${config.path}`;
    if (this.#routes.has(key)) throw new Error(`OpenAPI: ${key} is registered twice`);
    this.#routes.add(key);
    this.inner.registerPath(config);
  }

  /** Every registered operation as `METHOD /path` (OpenAPI path syntax, `{param}`). */
  get routes(): string[] {
    return [...this.#routes];
  }
}

/** Document metadata. */
export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  tags?: Array<{ name: string; description: string }>;
}

/** Builds the OpenAPI 3.1 document from everything registered. Deterministic: the same code gives the same bytes. */
export function buildDocument(registry: ApiRegistry, info: DocumentInfo): OpenApiDocument {
  const generator = new OpenApiGeneratorV31(registry.inner.definitions);
  const document = generator.generateDocument({
    openapi: "3.1.0",
    info: { title: info.title, version: info.version, description: info.description },
    // Relative: the document works behind any host or proxy, and "try it" calls the server that served the page.
    servers: [{ url: "/" }],
    ...(info.tags ? { tags: info.tags } : {}),
  });
  jsonTextQueryParameters(document);
  return document;
}

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A query parameter whose schema is an object is sent as JSON text (`?env={"A":"1"}`), not as OpenAPI's default
 * exploded form (`?A=1`): say so with `content: application/json`, which is how OpenAPI describes it.
 */
function jsonTextQueryParameters(document: OpenApiDocument): void {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item as Json)) {
      const parameters = isJson(operation) ? operation.parameters : undefined;
      if (!Array.isArray(parameters)) continue;
      for (const parameter of parameters as Json[]) {
        const schema = parameter.schema;
        if (parameter.in !== "query" || !isJson(schema) || schema.type !== "object") continue;
        delete parameter.schema;
        if (typeof schema.description === "string" && parameter.description === undefined)
          parameter.description = schema.description;
        parameter.content = { "application/json": { schema } };
      }
    }
  }
}

/** Builds a registry from contributors and the document from it. */
export function documentFrom(contributors: ApiContributor[], info: DocumentInfo): OpenApiDocument {
  const registry = new ApiRegistry();
  for (const contribute of contributors) contribute(registry);
  return buildDocument(registry, info);
}
