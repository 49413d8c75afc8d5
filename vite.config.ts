import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { serverCodeStaysOnTheServer } from "./vite.server-code.ts";

/**
 * The browser's scripts in a few larger chunks instead of a score of small ones (decision 036):
 * each module a page preloads is a request that Lighthouse's slow-4G model waits for before the first paint.
 * The framework (React, React DOM, React Router) is one chunk every page shares; the site's own components
 * and helpers shared by two routes or more are another; what one route alone uses stays in its route's chunk.
 * Shared components that most pages never show are kept out of it, so that a page downloads them only when it uses
 * them (decision 068): the lead forms and the home page's sections have a chunk each, and the components of
 * one family of pages are left to the bundler. "site" is matched first: what they share with the rest stays in it.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/;
const SHARED_SITE_CODE = /[\\/]app[\\/](components|lib)[\\/]/;
const STAFF_CODE = /[\\/](staff[\\/]|staff-[^\\/]*$)/;
const FORMS =
  /[\\/]app[\\/](components[\\/](enquiry-form|enquiry-fields|appointment-fields|dialog|dialog-style|modal)|lib[\\/]enquiry)\.tsx?$|[\\/]core[\\/]appointments[\\/]calendar\.ts$/;
const SHOWCASE = /[\\/]app[\\/]components[\\/](home-sections|carousel|browse-cards|special-intro)\.tsx$/;
/** Shared by one family of pages each (the dealers', the legal pages, the blog's): the bundler gives each its own chunk. */
const FAMILY_COMPONENTS = /[\\/]app[\\/]components[\\/](dealer-card|legal-page|blog-picture)\.tsx$/;
/**
 * The framework chunk's functions are compiled while it downloads, on the browser's streaming thread, instead of one by
 * one on the main thread when hydration first calls them (V8's per-file compile hint, Chrome 136 and later; other
 * browsers read a comment). Hydration calls most of React DOM and React Router, so little is compiled for nothing
 * (decision 070). Added after minification, which would drop it.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";
const compiledWhileDownloading = (chunk: { name: string }) => (chunk.name === "framework" ? COMPILE_HINT : "");
const isPublicSiteCode = (id: string) =>
  SHARED_SITE_CODE.test(id) && ![STAFF_CODE, FORMS, SHOWCASE, FAMILY_COMPONENTS].some((family) => family.test(id));

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), serverCodeStaysOnTheServer()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            postBanner: compiledWhileDownloading,
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 3 },
                { name: "forms", test: FORMS, minShareCount: 2, priority: 1 },
                { name: "showcase", test: SHOWCASE, minShareCount: 2, priority: 1 },
                { name: "site", test: isPublicSiteCode, minShareCount: 2, priority: 2 },
              ],
            },
          },
        },
      },
    },
    // The server build's input is the production server itself, which imports the pages' build: one module that
    // plain Node runs (decision 060). React Router reads this option for its server build.
    ssr: { build: { rollupOptions: { input: "server/production.ts" } } },
  },
});
