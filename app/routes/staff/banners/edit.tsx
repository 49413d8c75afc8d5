import { getStaffBanner } from "../../../../core/content/banners-admin.server.ts";
import { BackToList, BannerForm } from "../../../components/staff/content-form.tsx";
import { Notice } from "../../../components/staff/form.tsx";
import { editContentAction, editContentPage, STAFF_BANNERS } from "../../../lib/staff-content.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import type { Route } from "./+types/edit";

/** /staff/banners/{id}: a banner's fields and image. */
export const loader = (args: Route.LoaderArgs) =>
  editContentPage(STAFF_BANNERS, args, (db, actor, id) => getStaffBanner(db, actor, id));

export const action = (args: Route.ActionArgs) => editContentAction(STAFF_BANNERS, args);

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.record.values.title ?? "Banner"}${STAFF_TITLE_SUFFIX}` },
];

export default function EditBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, record: banner, dealers, notice } = loaderData;
  return (
    <>
      <BackToList to="/staff/banners">Banners</BackToList>
      <h1 className="mt-2 text-3xl font-bold">{banner.values.title}</h1>
      <p className="mt-2">
        {banner.shownNow ? "Shown on the public site now." : "Not shown on the public site now (outside its schedule)."}
      </p>
      <div className="mt-4">
        <Notice>{notice}</Notice>
      </div>
      <img
        src={banner.imageUri}
        alt="The banner as it stands"
        width={480}
        height={180}
        className="mt-4 w-full max-w-md rounded object-cover"
      />
      <BannerForm
        key={JSON.stringify(banner.values)}
        adding={false}
        csrfToken={csrfToken}
        dealers={dealers}
        values={actionData?.values ?? banner.values}
        errors={actionData?.errors ?? {}}
      />
    </>
  );
}
