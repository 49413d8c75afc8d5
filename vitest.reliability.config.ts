import { defineConfig } from "vitest/config";

/**
 * Load, crash, outage and form-fuzz tests against the built app started as its own process.
 * One file at a time: they measure and kill real servers, and share two CPUs with nothing else of theirs.
 * Run with `npm run build && npm run test:reliability`.
 */
export default defineConfig({
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    setupFiles: ["tests/support/http-client.ts"],
    fileParallelism: false,
    // Bounds, not expectations: each test stops by itself well within them on an idle machine.
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: "forks",
    allowOnly: !process.env.CI,
  },
});
