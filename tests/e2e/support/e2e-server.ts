/** The port the e2e server listens on (E2E_PORT, so that two runs on one machine can each have their own). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** The e2e server's data (PGlite, outbox), one folder per port, so that two runs on one machine never share one. */
export const E2E_DATA_DIR = `.tmp/e2e-data-${E2E_PORT}`;

/**
 * The page shapes the accessibility engines have checked in this run, one empty file each (page-checks.ts); emptied
 * when the run starts its server.
 */
export const E2E_CHECKED_DIR = `.tmp/e2e-checked-${E2E_PORT}`;
