import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";
import type { OpenApiDocument } from "../api/described.ts";

/** Where the API's generated client types are kept, beside the typed script that uses them. */
export const CLIENT_TYPES_FILE = "tests/api-client/api-types.ts";

/**
 * The TypeScript types an outside integrator generates from the API's document with openapi-typescript, as
 * `npx openapi-typescript docs/api/openapi.json` would write them. Development only: openapi-typescript is a
 * development dependency.
 */
export async function clientTypesOf(document: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0]);
  return `${COMMENT_HEADER}${astToString(ast)}`;
}
