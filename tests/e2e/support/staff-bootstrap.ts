/**
 * The group administrator the e2e server creates at its first start (STAFF_BOOTSTRAP_* in playwright.config.ts),
 * for specs that work in the back office.
 */
export const E2E_ADMIN = { email: "e2e-admin@example.co.za", password: "e2e administrator passphrase" } as const;
