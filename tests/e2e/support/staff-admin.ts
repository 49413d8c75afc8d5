/**
 * The group administrator the Playwright server creates at its first start (STAFF_BOOTSTRAP_EMAIL and
 * STAFF_BOOTSTRAP_PASSWORD in playwright.config.ts), for specs of the back office.
 */
export const E2E_ADMIN_EMAIL = "admin@hondagroup.example";
export const E2E_ADMIN_PASSWORD = "correct horse battery staple";
