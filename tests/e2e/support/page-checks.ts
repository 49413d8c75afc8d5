import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { SITE_PAGE_PARTS } from "../../../app/lib/hydrated.ts";
import { E2E_CHECKED_DIR } from "./e2e-server.ts";

const HTMLCS_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve("html_codesniffer/build/HTMLCS.js"),
  "utf8",
);

/**
 * Waits until React has taken over a public page: its shell, its main content and its footer (each hydrates in
 * a commit of its own and marks itself on `<html data-hydrated>`, app/lib/hydrated.ts). A page's scripts load
 * after its first paint (decision 048), so a test of what JavaScript adds (client-side navigation, dialogs,
 * galleries, colour swatches) waits for this before it acts; before, the page works as it does without JavaScript.
 */
export async function hydrated(page: Page): Promise<void> {
  const everyPart = SITE_PAGE_PARTS.map((part) => `[data-hydrated~="${part}"]`).join("");
  await page.locator(`html${everyPart}`).waitFor({ state: "attached" });
}

/** Waits until React has committed a page without the site's layout (the back office's): `<html data-hydrated~="shell">`. */
export async function pageHydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated~="shell"]').waitFor({ state: "attached" });
}

/** Waits until the page's enquiry form submits itself from the browser (it marks itself data-enhanced). */
export async function enhancedForm(page: Page): Promise<void> {
  await expect(page.locator("form[data-enhanced='true']")).toHaveCount(1, { timeout: 30_000 });
}

/**
 * HTML_CodeSniffer's WCAG2AA errors that are not failures of these pages, each with the reason. Its
 * warnings and notices ask for a human review and are not counted.
 */
const HTMLCS_IGNORED: Record<string, string> = {};

/**
 * axe's WCAG 2.2 AA rules (in axe-core 4.13, target-size: WCAG 2.5.8's 24 px targets or spacing), which axe leaves off
 * unless asked, read from the axe-core that @axe-core/playwright injects so that a rule a later version adds is run too.
 */
const WCAG22_AA_RULES: Record<string, { enabled: boolean }> = Object.fromEntries(
  (
    createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))(
      "axe-core",
    ) as typeof import("axe-core")
  )
    .getRules(["wcag22aa"])
    .map((rule) => [rule.ruleId, { enabled: true }]),
);

/**
 * axe on every rule, reporting violations only (the passes and the rules that do not apply, which no check reads, made
 * the answer megabytes), in its legacy frame mode: it runs in the page and its same-origin frames instead of opening a
 * blank page to merge their results, which only cross-origin frames need and the site has none (it loads nothing from
 * other hosts). It finds the same violations in a fraction of the time.
 */
function axeOf(page: Page, { wcag22 = false } = {}): AxeBuilder {
  return new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"], ...(wcag22 ? { rules: WCAG22_AA_RULES } : {}) });
}

/**
 * No accessibility violation on the page as it is now, by two engines: axe and HTML_CodeSniffer (the
 * engine pa11y runs; pa11y itself would download its own browser), standard WCAG2AA, errors only.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  if (!(await firstOfItsShape(page, "axe, HTML_CodeSniffer"))) return;
  expect((await axeOf(page).analyze()).violations).toEqual([]);
  expect(await htmlCodeSnifferErrors(page)).toEqual([]);
}

/**
 * What a phone adds to the check of a page as it is now: axe's WCAG 2.2 AA rules besides the others (a tap target
 * 24 px or spaced as far), and nothing wider than the screen. `htmlCodeSniffer` runs the second engine as well.
 */
export async function expectPhoneReady(page: Page, { htmlCodeSniffer }: { htmlCodeSniffer: boolean }): Promise<void> {
  if (await firstOfItsShape(page, htmlCodeSniffer ? "axe 2.2, HTML_CodeSniffer" : "axe 2.2")) {
    expect((await axeOf(page, { wcag22: true }).analyze()).violations).toEqual([]);
    if (htmlCodeSniffer) expect(await htmlCodeSnifferErrors(page)).toEqual([]);
  }
  await expectNoSidewaysScroll(page);
}

const CHECKED_SHAPES = path.resolve(import.meta.dirname, "../../..", E2E_CHECKED_DIR);

/**
 * Whether the engines are still to run on this page as it is now: once per page shape, viewport and engines in a
 * run, whichever test gets there first (decision 090). The shape is everything the engines read but the words:
 * each element of the body but scripts and styles, with its attributes (the values of those that name, describe,
 * relate, style or state it, and whether the others are empty), where there is text, and the page's language,
 * title and viewport rules. The pages of one template with the same parts (a page a second spec opens as the first
 * left it, a page the sweep checks and a spec of it checks again) are one shape; a dialog opened, an error shown or a
 * list one entry longer is another.
 */
async function firstOfItsShape(page: Page, engines: string): Promise<boolean> {
  const shape = await page.evaluate(() => {
    const kept =
      /^(?:id|class|role|lang|dir|type|for|tabindex|style|alt|title|hidden|disabled|open|scope|headers|aria-.*|data-(?:state|orientation|side))$/;
    const unread = new Set(["script", "style", "link", "template"]);
    const parts: string[] = [];
    const walk = (node: Node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) {
          if (child.textContent?.trim()) parts.push("#");
        } else if (child instanceof Element && !unread.has(child.localName)) {
          const attributes = [...child.attributes].map(({ name, value }) =>
            kept.test(name) ? `${name}=${value}` : `${name}${value ? "" : "=''"}`,
          );
          parts.push(`<${child.localName} ${attributes.sort().join(" ")}>`);
          walk(child);
          parts.push("/");
        }
      }
    };
    walk(document.body);
    // Of the head, what the engines read: the page's language, its title and the viewport's rules.
    const { lang, dir } = document.documentElement;
    const viewport = document.querySelector('meta[name="viewport"]')?.getAttribute("content");
    // What the same markup is styled by besides the viewport: a phone's touch and pixel density, the emulated media.
    const media = ["(pointer: coarse)", "(hover: hover)", "(prefers-color-scheme: dark)", "(prefers-reduced-motion)"];
    const styledBy = media.map((query) => matchMedia(query).matches).join(" ");
    return `${lang} ${dir} ${document.title ? "#" : ""} ${viewport} ${devicePixelRatio} ${styledBy} ${parts.join("")}`;
  });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const key = createHash("sha256").update(`${engines} ${width}x${height} ${shape}`).digest("hex");
  fs.mkdirSync(CHECKED_SHAPES, { recursive: true });
  try {
    fs.writeFileSync(path.join(CHECKED_SHAPES, key), "", { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * The page is no wider than the viewport, so that it never scrolls sideways; else the outermost elements that
 * reach past its right edge are named (an element inside a box that scrolls or clips its overflow is that box's
 * business, not the page's).
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const viewportWidth = page.viewportSize()?.width ?? 0;
  const stickingOut = await page.evaluate((width) => {
    const { scrollWidth } = document.documentElement;
    if (scrollWidth <= width) return [];
    const reachesPast = (element: Element) => element.getBoundingClientRect().right > width + 0.5;
    // Inside a box that scrolls or clips its overflow, unless positioned out of it (an absolute element, a screen
    // reader's text among them, belongs to its nearest positioned ancestor, past any box in between).
    const clipped = (element: Element) => {
      let escaping = getComputedStyle(element).position === "absolute";
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (escaping && style.position === "static") continue;
        if (style.overflowX !== "visible") return true;
        escaping = style.position === "absolute";
      }
      return false;
    };
    const name = (element: Element) => {
      const classes = [...element.classList].slice(0, 6).join(".");
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `<${element.localName}${classes ? `.${classes}` : ""}> "${text}" to ${Math.round(element.getBoundingClientRect().right)} px`;
    };
    const widening = new Set(
      [...document.body.querySelectorAll("*")].filter(
        (element) => reachesPast(element) && getComputedStyle(element).position !== "fixed" && !clipped(element),
      ),
    );
    const outermost = [...widening].filter((element) => !widening.has(element.parentElement!));
    return [`the page is ${scrollWidth} px wide`, ...outermost.slice(0, 8).map(name)];
  }, viewportWidth);
  expect(stickingOut, `wider than the ${viewportWidth} px viewport`).toEqual([]);
}

/** HTML_CodeSniffer's WCAG2AA errors on the page: its build is evaluated in the page (CSP does not apply). */
async function htmlCodeSnifferErrors(page: Page): Promise<string[]> {
  const messages = await page.evaluate(
    `${HTMLCS_SOURCE}
    new Promise((resolve, reject) =>
      HTMLCS.process("WCAG2AA", document, () =>
        resolve(HTMLCS.getMessages().filter((m) => m.type === HTMLCS.ERROR).map((m) => ({
          code: m.code,
          text: m.code + ": " + m.msg + " at " + (m.element.outerHTML || "document").slice(0, 160),
        }))), reject, "en"))`,
  );
  return (messages as { code: string; text: string }[]).filter((m) => !(m.code in HTMLCS_IGNORED)).map((m) => m.text);
}

/**
 * The dialog is modal as a keyboard and screen-reader user meets it: focus is inside and Tab and
 * Shift+Tab keep it there, and the page behind is hidden from assistive technology: no header or footer
 * landmark (Radix leaves only the path to the page's live regions exposed, so that they are still heard).
 */
export async function expectModal(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  expect(await focusInside()).toBe(true);
  for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await focusInside(), `focus after ${key}`).toBe(true);
  }
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
}

/**
 * The floating social links cover no field, button or link of the page, at every scroll position
 * a visitor can reach, half a screen apart, and the very end.
 */
export async function expectSocialLinksCoverNothing(page: Page, where: string): Promise<void> {
  const overlaps = await page.evaluate(async () => {
    const social = document.querySelector('aside[aria-label="Social media"]');
    if (!social) return ["no social links"];
    const controls = [
      ...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]"),
    ].filter(
      (element) =>
        !social.contains(element) && element.getClientRects().length > 0 && element.getAttribute("tabindex") !== "-1",
    );
    const found: string[] = [];
    // Every scroll position a visitor can reach, a viewport's height apart, and the very end.
    const end = document.documentElement.scrollHeight - window.innerHeight;
    for (let y = 0; ; y = Math.min(y + window.innerHeight / 2, end)) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      for (const link of social.querySelectorAll("a")) {
        const a = link.getBoundingClientRect();
        for (const control of controls) {
          const b = control.getBoundingClientRect();
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
            found.push(`${link.textContent?.trim()} over ${control.outerHTML.slice(0, 80)} at scroll ${y}`);
          }
        }
      }
      if (y >= end) break;
    }
    return found;
  });
  expect(overlaps, where).toEqual([]);
}

/**
 * A full-page screenshot of a public page under test-results/screenshots/, taken once the page has hydrated
 * (a scroll during hydration, with the main thread busy, could pass lazy pictures without starting them) and
 * after scrolling through it so that lazy images have loaded.
 */
export async function saveFullPageScreenshot(page: Page, name: string): Promise<void> {
  await hydrated(page);
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      // Two frames at each position: lazy pictures are started by a rendering update that sees them near the
      // viewport, and a busy main thread can skip the updates of a scroll timed by the clock.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    window.scrollTo(0, 0);
  });
  // Every picture the screenshot can show has arrived: lazy ones in slides scrolled out of view sideways
  // never load, by design. Not "networkidle", which a carousel or a busy machine can put off.
  await page.waitForFunction(() =>
    [...document.images].every((image) => {
      const { left, right } = image.getBoundingClientRect();
      const offScreenSideways = right <= 0 || left >= window.innerWidth;
      return image.complete || (image.loading === "lazy" && offScreenSideways);
    }),
  );
  fs.mkdirSync("test-results/screenshots", { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
