import { Link } from "react-router";
import { STAFF_ROLE_LABELS } from "../../../core/staff/roles.ts";
import { STAFF_TITLE_SUFFIX, staffNavigation } from "../../lib/staff-navigation.ts";
import { requireStaff } from "../../lib/staff.server.ts";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  return {
    roleLabel: STAFF_ROLE_LABELS[actor.role],
    pages: staffNavigation(actor).filter((page) => page.to !== "/staff"),
  };
}

export const meta = () => [{ title: `Overview${STAFF_TITLE_SUFFIX}` }];

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold">Back office</h1>
      <p className="mt-3">You are signed in as a {loaderData.roleLabel.toLowerCase()}.</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.pages.map((page) => (
          <li key={page.to}>
            <Link
              to={page.to}
              className="block rounded border border-gray-300 p-4 text-lg font-semibold text-brand-red underline hover:bg-gray-50"
            >
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
