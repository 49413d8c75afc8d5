import { index, layout, prefix, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * Routes that exist twice (SPEC section 2): at the root and under /dealer/{dealerName}. Each copy of a
 * route module needs its own id, which `at` derives from the scope and the path.
 */
function scopedRoutes(scope: "group" | "dealer"): RouteConfigEntry[] {
  const at = (path: string, file: string) => route(path, file, { id: `${scope}:${path}` });
  return [
    // Browsing (issue 3)
    // Used and demo vehicles (issue 4)
    at("used", "routes/used/listing.tsx"),
    at("used/:make", "routes/used/listing.tsx"),
    at("used/:make/:model", "routes/used/listing.tsx"),
    at("used/:make/:model/:id", "routes/used/detail.tsx"),
    // Enquiries (issue 5)
  ];
}

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    ...scopedRoutes("group"),
    ...prefix("dealer/:dealerName", scopedRoutes("dealer")),
    // Group-only routes, no dealer-prefixed variant (issue 3: blog, contact; issue 6: finance)
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
