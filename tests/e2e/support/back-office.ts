import { type BrowserContextOptions, expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "../../support/staff.ts";
import { E2E_ADMIN } from "./staff-bootstrap.ts";

type SignedInState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

/**
 * Tests whose pages start signed in as the bootstrap administrator: one sign-in per worker, through the sign-in page,
 * whose session cookie each test's new context is given. For specs that work in the back office rather than test
 * signing in (that is staff-accounts.spec.ts's, and the server's tests'); a test opens its first page itself. A context
 * a test makes with browser.newContext() takes the session too: give it `storageState: { cookies: [], origins: [] }`
 * for a visitor who is not signed in.
 */
export const signedInAsAdministrator = test.extend<object, { administratorSession: SignedInState }>({
  administratorSession: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await use(await context.storageState());
      await context.close();
    },
    { scope: "worker" },
  ],
  storageState: async ({ administratorSession }, use) => use(administratorSession),
});

/**
 * The back office's navigation, ready to use: on a phone it is behind the header's Menu button (a link
 * before the scripts have run and a button after), which this opens; from md up it is always shown. Both show only
 * to a signed-in person.
 */
export async function backOfficeNavigation(page: Page): Promise<Locator> {
  const navigation = page.getByRole("navigation", { name: "Back office" });
  const header = page.getByRole("banner");
  const menu = header.getByRole("button", { name: "Menu" }).or(header.getByRole("link", { name: "Menu" }));
  // Right after signing in the URL may have changed before the back office has rendered: wait for one or the other.
  await expect(navigation.or(menu).first()).toBeVisible();
  if (await navigation.isVisible()) return navigation;
  await menu.click();
  return navigation;
}

/** The leads inbox's filters, unfolded on a phone (a details element, folded there so that the first leads show). */
export async function openLeadFilters(page: Page): Promise<void> {
  const summary = page.locator("summary", { hasText: "Filters and download" });
  if (await summary.isVisible()) {
    const details = page.locator("details", { has: summary });
    if ((await details.getAttribute("open")) === null) await summary.click();
  }
}
