import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import {
  type PageMethods,
  type PageRoutePattern,
  type PageRouteRules,
  pagesOf,
  projectRoot,
} from "../../server/pages.ts";
import type { PageHandler } from "../../server/app.ts";

const buildDir = path.join(projectRoot, "build");

/** The built site (pages and static files) for createApp; `npm run build` must have run (npm test does it first). */
export async function builtSite(): Promise<{
  pageHandler: PageHandler;
  pageMethods: PageMethods;
  pageRoutePattern: PageRoutePattern;
  pageRouteRules: PageRouteRules;
  staticRoot: string;
}> {
  return {
    ...pagesOf(await builtServerBuild()),
    staticRoot: path.relative(process.cwd(), path.join(buildDir, "client")),
  };
}

/** The built site's server build, the module instance the server's own pages use. */
export async function builtServerBuild(): Promise<ServerBuild> {
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
    throw new Error("no build/server/index.js: run `npm run build` before the page tests");
  }
  return (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
}

/** Any app over real HTTP on a free loopback port. */
export async function serveOverHttp(app: {
  fetch: (request: Request) => Response | Promise<Response>;
}): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every script element of an HTML page, with its type and nonce attributes. */
export function scriptTags(html: string): { type: string | null; nonce: string | null; src: string | null }[] {
  return [...html.matchAll(/<script\b([^>]*)>/gi)].map(([, attributes = ""]) => ({
    type: attribute(attributes, "type"),
    nonce: attribute(attributes, "nonce"),
    src: attribute(attributes, "src"),
  }));
}

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\b${name}="([^"]*)"`, "i").exec(attributes);
  return match ? match[1]! : null;
}

/**
 * The page routes of the built site as the route table declares them: each route's full path pattern (its
 * parents' paths joined, e.g. `/dealer/:dealerName/parts`), and GET and HEAD, and POST where it has an action.
 * Layouts without a path of their own are left out (their index routes stand for them).
 */
export async function pageRouteTable(): Promise<{ pattern: string; methods: readonly string[] }[]> {
  const build = await builtServerBuild();
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const byId = new Map(routes.map((route) => [route.id, route]));
  const patternOf = (id: string | undefined): string => {
    const route = id ? byId.get(id) : undefined;
    if (!route) return "";
    const parent = patternOf(route.parentId);
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  const pages = routes.filter(
    (route) => route.index || (route.path && !routes.some((other) => other.parentId === route.id)),
  );
  return pages.map((route) => ({
    pattern: patternOf(route.id) || "/",
    methods: route.module.action ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"],
  }));
}
