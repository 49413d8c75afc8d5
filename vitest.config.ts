import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    // tests/reliability: their own run (vitest.reliability.config.ts), after the build.
    exclude: ["node_modules/**", "build/**", "tests/e2e/**", "tests/reliability/**"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/http-client.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the CPUs: one on the project's 2-CPU machines, where most test files
    // wait on a database, a server or a browser, so two run well side by side (decision 058).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A focused test left in a commit would silently skip the rest of the suite in CI.
    allowOnly: !process.env.CI,
  },
});
