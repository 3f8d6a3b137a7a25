/**
 * The generated files of @botyard/api-client, from the management document: what scripts/generate-client.ts writes
 * and what the staleness test compares with the checked-in copies.
 */
import openapiTS, { astToString } from "openapi-typescript";
import { managementDocument } from "./openapi.js";

const HEADER = `/**
 * GENERATED from the management OpenAPI document by services/management/scripts/generate-client.ts.
 * Do not edit: run \`pnpm api:generate\` after changing a route's schemas.
 */
`;

/** Path (inside packages/api-client) → contents. */
export async function clientFiles(): Promise<Record<string, string>> {
  const document = managementDocument();
  const json = `${JSON.stringify(document, null, 2)}\n`;
  const ast = await openapiTS(JSON.parse(json) as Parameters<typeof openapiTS>[0], { alphabetize: false });
  return {
    "openapi/management.json": json,
    "src/management.gen.ts": `${HEADER}${astToString(ast)}`,
  };
}
