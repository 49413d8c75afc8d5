import { pageUrlOf } from "../../framework/data-requests.ts";
import { data, redirect } from "react-router";
import { NotFound } from "../../components/not-found.tsx";
import { pageAboveStep } from "../../lib/step-paths.ts";
import type { Route } from "./+types/not-found";

/** No breadcrumbs made from an address that names no page. */
export const handle = { breadcrumbs: false };

export function loader({ request }: Route.LoaderArgs) {
  // A breadcrumb's step that is no page of its own (/book-test-drive, /honda-wing/honda) goes on to the page above it.
  const page = pageAboveStep(pageUrlOf(request).pathname);
  if (page) throw redirect(page, 302);
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found | Honda Dealer Group" }, { name: "robots", content: "noindex" }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
