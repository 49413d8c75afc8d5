import fs from "node:fs";
import path from "node:path";
import { apiDocument } from "../api/index.ts";
import { withChanges, versionProblem } from "../api/changelog.ts";
import type { OpenApiDocument } from "../api/described.ts";
import { CLIENT_TYPES_FILE, clientTypesOf } from "./api-client-types.ts";
import { parseCommandLine } from "./command-line.ts";

/**
 * npm run api:document: writes the API's OpenAPI document to docs/api/openapi.json, records how it differs
 * from the one there before in the changelog of docs/api.md, and writes the client types an integrator would
 * generate from it (tests/api-client). The test suite fails while any is out of date (server/api/changelog.test.ts,
 * tests/api-client/generated-client.test.ts), so no change to the API lands without them.
 */
const USAGE = `Usage: npm run api:document
  Writes the API's OpenAPI document to docs/api/openapi.json, adds how it changed to the changelog in
  docs/api.md, and writes the generated client's types to ${CLIENT_TYPES_FILE} (the tests fail while any is
  out of date). Refuses a change that needs a new API version.`;

parseCommandLine(USAGE, {});
const root = path.resolve(import.meta.dirname, "../..");
const documentFile = path.join(root, "docs/api/openapi.json");
const guideFile = path.join(root, "docs/api.md");

const after = await apiDocument();
// The first document written is the first version: its changelog section is written by hand.
const before: OpenApiDocument = fs.existsSync(documentFile) ? JSON.parse(fs.readFileSync(documentFile, "utf8")) : after;
const problem = versionProblem(before, after);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const { markdown, lines } = withChanges(
  fs.readFileSync(guideFile, "utf8"),
  before,
  after,
  new Date().toISOString().slice(0, 10),
);
fs.writeFileSync(documentFile, `${JSON.stringify(after, null, 2)}\n`);
fs.writeFileSync(guideFile, markdown);
fs.writeFileSync(path.join(root, CLIENT_TYPES_FILE), await clientTypesOf(after));
console.log(
  lines.length === 0
    ? "The API document is unchanged."
    : `docs/api/openapi.json written; docs/api.md changelog:\n${lines.join("\n")}`,
);
