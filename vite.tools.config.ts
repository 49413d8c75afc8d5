import { defineConfig } from "vite";

/**
 * The operators' tools that a production release runs (docs/deploy.md), each built into build/tools/<name>.js by
 * `npm run build` and run by plain Node, as the server is (decision 060). The packages they import stay
 * in node_modules. Tools for developers only (the bench, the API document) run from source with tsx.
 */
const OPERATOR_TOOLS = {
  leads: "server/cli/leads.ts",
  "finance-purge": "server/cli/finance-purge.ts",
  "db-migrate": "server/cli/db-migrate.ts",
  "db-seed": "server/cli/db-seed.ts",
  "db-backup": "server/cli/db-backup.ts",
  "db-restore": "server/cli/db-restore.ts",
};

export default defineConfig({
  build: {
    ssr: true,
    outDir: "build/tools",
    emptyOutDir: true,
    target: "node20",
    copyPublicDir: false,
    rollupOptions: { input: OPERATOR_TOOLS, output: { entryFileNames: "[name].js", format: "esm" } },
  },
});
