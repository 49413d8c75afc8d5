import { data } from "react-router";
import { requireStaff } from "../../lib/staff.server.ts";
import type { Route } from "./+types/not-found";

/** An unknown /staff address: the sign-in page first (the layout sends there), then the back office's own 404. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  throw data("Not found", { status: 404 });
}

export default function StaffNotFound() {
  return null;
}
