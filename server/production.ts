/**
 * The production server: the input of the server build (vite.config.ts), so that `npm run build` bundles the server,
 * core/ and the pages into one module, build/server/index.js, which `npm run serve` runs with plain Node (decision
 * 060). One copy of every module lives in the process.
 *
 * The module is also still the React Router server build (its routes, assets and entry), for the tests and tools
 * that read the route table; it starts the site only when Node runs it.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { pagesOf } from "./pages.ts";
import { startSite } from "./site.ts";

export * from "virtual:react-router/server-build";

const runByNode = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (runByNode) startSite({ mode: "production", ...pagesOf(build) });
