import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, expectPhoneReady } from "./page-checks.ts";

/** The href of the first link matching `selector` on the page at `url`. */
export async function firstHref(page: Page, url: string, selector: string): Promise<string> {
  await page.goto(url);
  const href = await page.locator(selector).first().getAttribute("href");
  expect(href, `a link ${selector} on ${url}`).toBeTruthy();
  return href!;
}

/**
 * Where a page is: its address, a function that reads it from another page, or an address with the status it must
 * answer. A page answers 200 unless its entry names another status (the deliberate not-found pages answer 404).
 */
export type PageFinder = string | ((page: Page) => Promise<string>) | { url: string; status: number };

/** The address a finder gives, and the status the page at it must answer. */
export async function findPage(page: Page, finder: PageFinder): Promise<{ url: string; status: number }> {
  if (typeof finder === "string") return { url: finder, status: 200 };
  if (typeof finder === "function") return { url: await finder(page), status: 200 };
  return finder;
}

/** Opens the page at `url` and checks that it answered `status` (a route that broke answers 404 or 500, not its page). */
export async function openPage(page: Page, url: string, status: number): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), `the status of ${url}`).toBe(status);
}

/**
 * A page of every public route module, by route file (a finder reads a link from another page where the address
 * depends on the data): every-page.spec.ts runs the accessibility engines on them, no-script.spec.ts looks for
 * controls that need JavaScript.
 */
export const PUBLIC_PAGES: Record<string, PageFinder[]> = {
  "routes/site/home.tsx": ["/"],
  "routes/browse/new-cars.tsx": ["/new", "/new/honda"],
  "routes/browse/model.tsx": [
    (page) => firstHref(page, "/new/honda", 'main a[href^="/new/honda/"]'),
    "/honda-wing/honda/crf1100l-africa-twin",
  ],
  "routes/browse/specials.tsx": ["/specials"],
  "routes/dealers/dealer-list.tsx": ["/dealer"],
  "routes/dealers/honda-wing.tsx": ["/honda-wing"],
  "routes/dealers/dealer-home.tsx": ["/dealer/honda-sandton"],
  "routes/dealers/contact.tsx": ["/contact"],
  "routes/legal/popia.tsx": ["/popia"],
  "routes/legal/terms.tsx": ["/terms"],
  "routes/legal/cookie.tsx": ["/cookie"],
  "routes/legal/policy.tsx": ["/policy"],
  "routes/used/listing.tsx": ["/used", "/dealer/honda-menlyn/used"],
  "routes/used/detail.tsx": [(page) => firstHref(page, "/used", 'ul[aria-label="Vehicles"] a[href^="/used/"]')],
  "routes/leads/used-enquire.tsx": [
    async (page) => `${await firstHref(page, "/used", 'ul[aria-label="Vehicles"] a[href^="/used/"]')}/enquire`,
  ],
  "routes/leads/new-vehicle-enquire.tsx": [
    "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
    (page) => firstHref(page, "/honda-wing/honda/crf1100l-africa-twin", 'main a[href$="/enquire"]'),
  ],
  "routes/leads/special.tsx": ["/specials/cr-v-e-hev-cash-back"],
  "routes/leads/parts.tsx": ["/parts"],
  "routes/leads/service.tsx": ["/service"],
  "routes/leads/test-drive.tsx": ["/book-test-drive/honda/hr-v"],
  "routes/leads/sell-your-car.tsx": ["/sell-your-car"],
  "routes/leads/thank-you.tsx": ["/parts/thank-you"],
  "routes/finance/finance.tsx": ["/finance"],
  "routes/finance/thank-you.tsx": ["/finance/thank-you"],
  "routes/blog/blog-list.tsx": ["/blog"],
  "routes/blog/blog-post.tsx": [(page) => firstHref(page, "/blog", 'main article a[href^="/blog/"]')],
  "routes/shortlist/saved.tsx": ["/saved"],
  "routes/shortlist/compare.tsx": [
    async (page) => {
      // Two of the first page's vehicles: the API has no page size to ask for, and /compare takes three at most.
      const ids = (await (await page.request.get("/api/vehicles")).json())["hydra:member"]
        .slice(0, 2)
        .map((v: { id: number }) => v.id);
      return `/compare?ids=${ids.join(",")}`;
    },
  ],
  "routes/alerts/new.tsx": ["/alerts/new?bodyType[]=SUV"],
  "routes/site/not-found.tsx": [{ url: "/no-such-page", status: 404 }],
};

/**
 * Both engines on each page a finder gives, each as a step named by the route module and the URL, once the page has
 * answered the status its entry names (200 unless it says otherwise); and no script error
 * on the way (a module that cannot run in the browser, as one that needs Node's Buffer, breaks the page's hydration).
 */
export async function checkBothEngines(page: Page, file: string, finders: PageFinder[], width: SweepWidth) {
  const scriptErrors: string[] = [];
  page.on("pageerror", (error) => scriptErrors.push(error.message));
  if (width === "phone") await page.setViewportSize(PHONE_VIEWPORT);
  for (const finder of finders) {
    const { url, status } = await findPage(page, finder);
    await test.step(`${file}: ${url}`, async () => {
      await openPage(page, url, status);
      await expect(page.getByRole("heading", { level: 1 }).first(), url).toBeVisible();
      if (width === "phone") await expectPhoneReady(page, { htmlCodeSniffer: true });
      else await expectNoAxeViolations(page);
      if (width === "desktop and phone") await checkAtPhoneWidth(page);
      expect(scriptErrors, url).toEqual([]);
    });
  }
}

/**
 * The widths a sweep checks a page at: the desktop's; the phone's, 360 px, the narrowest phone in common use (the
 * mobile project's Pixel 7 is 412); or the desktop's and then, on the same page narrowed, the phone's (the back office,
 * which has no phone pass of its own).
 */
export type SweepWidth = "desktop" | "phone" | "desktop and phone";

const PHONE_VIEWPORT = { width: 360, height: 780 };

/** The page as loaded, narrowed to the phone's width for axe (every rule and WCAG 2.2 AA) and the width check. */
async function checkAtPhoneWidth(page: Page): Promise<void> {
  const desktopViewport = page.viewportSize()!;
  await page.setViewportSize(PHONE_VIEWPORT);
  await expectPhoneReady(page, { htmlCodeSniffer: false });
  await page.setViewportSize(desktopViewport);
}
