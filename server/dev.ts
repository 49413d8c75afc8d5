/**
 * `npm run dev`: the site with Vite's development server, which loads the server's own code and the pages through one
 * module graph (as the production build bundles them into one module), reloading the pages as they change.
 */
import { createServer } from "vite";
import type { ServerBuild } from "react-router";
import type { PageHandler } from "../app/load-context.ts";
import type { PageMethods } from "./pages.ts";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const pagesModule = (await vite.ssrLoadModule("/server/pages.ts")) as typeof import("./pages.ts");
const siteModule = (await vite.ssrLoadModule("/server/site.ts")) as typeof import("./site.ts");
const currentBuild = async () => (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
const pageHandler: PageHandler = async (request, context) =>
  pagesModule.pagesOf(await currentBuild(), "development").pageHandler(request, context);
const pageMethods: PageMethods = async (path) => pagesModule.pageMethodsOf(await currentBuild())(path);
siteModule.startSite({ mode: "development", pageHandler, pageMethods, devMiddleware: vite.middlewares });
