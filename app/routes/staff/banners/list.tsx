import { appContext } from "../../../load-context.ts";
import { Link } from "react-router";
import { listStaffBanners } from "../../../../core/content/banners-admin.server.ts";
import { BANNER_TYPE_LABELS } from "../../../../core/content/content-labels.ts";
import { ContentList } from "../../../components/staff/content-list.tsx";
import { buttonClass } from "../../../components/staff/form.tsx";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/list";

/** /staff/banners: the banners of the home, new-car and Honda Wing pages, by type and order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  try {
    return { banners: await listStaffBanners(context.get(appContext).db, actor) };
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Banners${STAFF_TITLE_SUFFIX}` }];

export default function StaffBanners({ loaderData }: Route.ComponentProps) {
  const { banners } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold">Banners</h1>
      <p className="mt-2 max-w-2xl">
        General banners show on the home page, Car banners on the new-car pages, Motorcycle banners on the Honda Wing
        pages.
      </p>
      <p className="mt-4">
        <Link to="/staff/banners/new" className={buttonClass}>
          Add a banner
        </Link>
      </p>
      <ContentList
        label="Banners"
        empty="There are no banners yet."
        items={banners.map((banner) => ({
          id: banner.id,
          title: banner.title,
          href: `/staff/banners/${banner.id}`,
          imageUri: banner.imageUri,
          details: `${BANNER_TYPE_LABELS[banner.type]} · ${banner.dealerName ?? "Group-wide"} · order ${banner.sortOrder} · ${banner.shownNow ? "Shown now" : "Not shown now"}`,
        }))}
      />
    </>
  );
}
