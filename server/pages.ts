import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PageHandler } from "./app.ts";
import { pagePathOf } from "./middleware/caching.ts";

export const projectRoot = path.resolve(import.meta.dirname, "..");

/** The methods a page path answers: GET and HEAD, and POST where its route has an action. */
export type PageMethods = (path: string) => readonly string[] | Promise<readonly string[]>;

const READ = ["GET", "HEAD"] as const;
const READ_AND_POST = ["GET", "HEAD", "POST"] as const;

/** The built site (`npm run build` first): its page handler and its route table's methods. */
export async function builtPages(
  buildDir = path.join(projectRoot, "build"),
): Promise<{ pageHandler: PageHandler; pageMethods: PageMethods }> {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  return { pageHandler: createRequestHandler(build, "production"), pageMethods: pageMethodsOf(build) };
}

/**
 * The methods of a build's route table, matched as the router matches (the router's own `matchRoutes`):
 * the deepest matching route decides, and a data request (`/parts.data`) counts as its page.
 */
export function pageMethodsOf(build: ServerBuild): PageMethods {
  const nodes = new Map<string, RouteObject>();
  for (const { id, path, index, caseSensitive } of Object.values(build.routes).filter((route) => route !== undefined)) {
    nodes.set(id, index ? { id, index: true, caseSensitive } : { id, path, caseSensitive, children: [] });
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(build.routes).filter((route) => route !== undefined)) {
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent?.children ?? roots).push(nodes.get(route.id)!);
  }
  return (pathname) => {
    const matches = matchRoutes(roots, pagePathOf(pathname), build.basename);
    const deepest = matches?.at(-1)?.route.id;
    return deepest && build.routes[deepest]?.module.action ? READ_AND_POST : READ;
  };
}
