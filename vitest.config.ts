import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    // tests/reliability: their own run (vitest.reliability.config.ts), after the build.
    exclude: ["node_modules/**", "build/**", "tests/e2e/**", "tests/reliability/**"],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // A focused test left in a commit would silently skip the rest of the suite in CI.
    allowOnly: !process.env.CI,
  },
});
