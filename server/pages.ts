import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { PageHandler } from "./app.ts";

export const projectRoot = path.resolve(import.meta.dirname, "..");

/** The built site's page handler (`npm run build` first): what `npm run serve` and the page tests use. */
export async function builtPageHandler(buildDir = path.join(projectRoot, "build")): Promise<PageHandler> {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  return createRequestHandler(build, "production");
}
