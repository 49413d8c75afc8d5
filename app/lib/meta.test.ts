import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, canonicalPath, clipDescription, pageMeta } from "./meta.ts";

const SITE = "https://www.honda-group.example";
const layout = (siteUrl: string | undefined) => [
  { id: "root" },
  { id: "routes/site/layout", loaderData: { dealer: null, siteUrl } },
];

describe("canonicalPath", () => {
  it("points a dealer-scoped copy at the group page", () => {
    expect(canonicalPath("/dealer/honda-sandton/used/honda/jazz/12")).toBe("/used/honda/jazz/12");
    expect(canonicalPath("/dealer/honda-sandton/new/honda/civic")).toBe("/new/honda/civic");
    expect(canonicalPath("/dealer/honda-sandton/specials")).toBe("/specials");
  });

  it("keeps the dealer home and the dealer list as their own pages", () => {
    expect(canonicalPath("/dealer/honda-sandton")).toBe("/dealer/honda-sandton");
    expect(canonicalPath("/dealer/honda-sandton/")).toBe("/dealer/honda-sandton");
    expect(canonicalPath("/dealer")).toBe("/dealer");
  });

  it("keeps a page number past the first and drops filters, sorts and the chosen variant", () => {
    expect(canonicalPath("/blog", "?page=2")).toBe("/blog?page=2");
    expect(canonicalPath("/blog", "?page=1")).toBe("/blog");
    expect(canonicalPath("/used", "?transmission=Manual&sort=price&page=3")).toBe("/used?page=3");
    expect(canonicalPath("/new/honda/civic", "?variant=rs")).toBe("/new/honda/civic");
    expect(canonicalPath("/")).toBe("/");
  });
});

describe("clipDescription", () => {
  it("leaves a short description alone and cuts a long one at a word, within 160 characters", () => {
    expect(clipDescription("A short one.")).toBe("A short one.");
    const long = "word ".repeat(60);
    const clipped = clipDescription(long);
    expect(clipped.length).toBeLessThanOrEqual(160);
    expect(clipped).toMatch(/word\.\.\.$/);
  });
});

describe("breadcrumbJsonLd", () => {
  it("lists Home and each path segment by its name, with absolute URLs and positions", () => {
    expect(breadcrumbJsonLd(SITE, "/used/honda/cr-v", { honda: "Honda", "cr-v": "CR-V" })).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${SITE}/` },
        { "@type": "ListItem", position: 2, name: "Used Cars", item: `${SITE}/used` },
        { "@type": "ListItem", position: 3, name: "Honda", item: `${SITE}/used/honda` },
        { "@type": "ListItem", position: 4, name: "CR-V", item: `${SITE}/used/honda/cr-v` },
      ],
    });
    expect(breadcrumbJsonLd(SITE, "/")).toBeNull();
  });
});

describe("pageMeta", () => {
  const args = { matches: layout(SITE), location: { pathname: "/dealer/honda-sandton/specials", search: "?x=1" } };

  it("gives title, description, absolute canonical, Open Graph and the breadcrumb JSON-LD", () => {
    const tags = pageMeta(args, { title: "Specials | Honda Sandton", description: "Deals.", image: "/uploads/a.svg" });
    expect(tags).toContainEqual({ title: "Specials | Honda Sandton" });
    expect(tags).toContainEqual({ name: "description", content: "Deals." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${SITE}/specials` });
    expect(tags).toContainEqual({ property: "og:url", content: `${SITE}/specials` });
    expect(tags).toContainEqual({ property: "og:image", content: `${SITE}/uploads/a.svg` });
    expect(tags).toContainEqual({ property: "og:type", content: "website" });
    const jsonLd = tags
      .filter((tag) => "script:ld+json" in tag)
      .map((tag) => (tag as { "script:ld+json": { "@type": string } })["script:ld+json"]["@type"]);
    expect(jsonLd).toEqual(["BreadcrumbList"]);
    expect(tags.some((tag) => "name" in tag && tag.name === "robots")).toBe(false);
  });

  it("names the breadcrumb JSON-LD's steps with the names the site layout found", () => {
    const matches = [
      { id: "routes/site/layout", loaderData: { siteUrl: SITE, crumbNames: { "honda-sandton": "Honda Sandton" } } },
    ];
    const tags = pageMeta({ matches, location: args.location }, { title: "T", description: "D" });
    const trail = tags.flatMap((tag) => ("script:ld+json" in tag ? [tag["script:ld+json"]] : [])) as {
      itemListElement: { name: string }[];
    }[];
    expect(trail[0]?.itemListElement.map((item) => item.name)).toEqual([
      "Home",
      "Dealers",
      "Honda Sandton",
      "Specials",
    ]);
  });

  it("hands the page's own JSON-LD the site address and marks noindex pages", () => {
    const tags = pageMeta(args, {
      title: "T",
      description: "D",
      noindex: true,
      jsonLd: (siteUrl) => [{ "@type": "Thing", url: siteUrl }],
    });
    expect(tags).toContainEqual({ "script:ld+json": { "@type": "Thing", url: SITE } });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });
});

describe("JSON-LD as the page renders it", () => {
  it("cannot close its script element, whatever the data holds", () => {
    const hostile = "</script><script>alert(1)</script>";
    const args = { matches: layout(SITE), location: { pathname: "/blog/x", search: "" } };
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: HeadWithMeta,
        children: [
          {
            path: "blog/x",
            Component: NoPage,
            meta: () =>
              pageMeta(args, {
                title: "T",
                description: "D",
                jsonLd: () => [{ "@type": "BlogPosting", headline: hostile }],
              }),
          },
        ],
      },
    ]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/blog/x"] }));
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => match[1]!,
    );
    expect(blocks).toHaveLength(2);
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(JSON.parse(blocks[0]!)).toEqual({ "@type": "BlogPosting", headline: hostile });
    expect(JSON.parse(blocks[1]!)["@type"]).toBe("BreadcrumbList");
  });
});

/** The stub's layout: the document head the meta tags are rendered into. */
function HeadWithMeta() {
  return createElement("head", null, createElement(Meta), createElement(Outlet));
}

function NoPage() {
  return null;
}
