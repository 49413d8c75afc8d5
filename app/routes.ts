import { index, layout, prefix, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * Routes that exist twice (SPEC section 2): at the root and under /dealer/{dealerName}. Each copy of a
 * route module needs its own id, which `at` derives from the scope and the path.
 */
function scopedRoutes(scope: "group" | "dealer"): RouteConfigEntry[] {
  const at = (path: string, file: string) => route(path, file, { id: `${scope}:${path}` });
  const enquiry = (path: string, file: string) => [at(path, file), at(`${path}/thank-you`, "routes/leads/thank-you.tsx")];
  return [
    // Browsing (issue 3)
    // Used and demo vehicles (issue 4)
    // Enquiries (issue 5): each form with its thank-you page
    ...enquiry("new/:make/:model/:variant/enquire", "routes/leads/new-enquire.tsx"),
    ...enquiry("honda-wing/:make/:model/:variant/enquire", "routes/leads/wing-enquire.tsx"),
    ...enquiry("used/:make/:model/:id/enquire", "routes/leads/used-enquire.tsx"),
    ...enquiry("specials/:slug", "routes/leads/special.tsx"),
    ...enquiry("parts", "routes/leads/parts.tsx"),
    ...enquiry("service", "routes/leads/service.tsx"),
    ...enquiry("book-test-drive/:make/:model", "routes/leads/test-drive.tsx"),
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
