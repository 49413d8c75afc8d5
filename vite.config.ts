import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { serverCodeStaysOnTheServer } from "./vite.server-code.ts";

/**
 * The browser's scripts in a few larger chunks instead of a score of small ones (issue 19, decision 036):
 * each module a page preloads is a request that Lighthouse's slow-4G model waits for before the first paint.
 * The framework (React, React DOM, React Router) is one chunk every page shares; the site's own components
 * and helpers that most routes use (15 or more) are another; what one route alone uses stays in its route's chunk.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/;
const SHARED_SITE_CODE = /[\\/]app[\\/](components|lib)[\\/]/;
const STAFF_CODE = /[\\/](staff[\\/]|staff-[^\\/]*$)/;
const isPublicSiteCode = (id: string) => SHARED_SITE_CODE.test(id) && !STAFF_CODE.test(id);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), serverCodeStaysOnTheServer()],
  build: {
    assetsInlineLimit: 0,
    ...(isSsrBuild
      ? // The server build's input is the production server itself, which imports the pages' build: one module that
        // plain Node runs (issue 36, decision 060). React Router reads this option for its server build.
        { rollupOptions: { input: "server/production.ts" } }
      : {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "framework", test: FRAMEWORK, priority: 2 },
                  { name: "site", test: isPublicSiteCode, minShareCount: 2, priority: 1 },
                ],
              },
            },
          },
        }),
  },
}));
