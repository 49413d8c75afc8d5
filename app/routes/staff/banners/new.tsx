import { BackToList, BannerForm } from "../../../components/staff/content-form.tsx";
import { createContentAction, newContentPage, STAFF_BANNERS } from "../../../lib/staff-content.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import type { Route } from "./+types/new";

/** /staff/banners/new: add a banner with its image. */
export const loader = (args: Route.LoaderArgs) => newContentPage(STAFF_BANNERS, args);

export const action = (args: Route.ActionArgs) => createContentAction(STAFF_BANNERS, args);

export const meta = () => [{ title: `Add a banner${STAFF_TITLE_SUFFIX}` }];

export default function NewBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, dealers } = loaderData;
  return (
    <>
      <BackToList to="/staff/banners">Banners</BackToList>
      <h1 className="mt-2 text-3xl font-bold">Add a banner</h1>
      <BannerForm
        adding
        csrfToken={csrfToken}
        dealers={dealers}
        values={actionData?.values ?? { type: "", dealer: "", sortOrder: "0" }}
        errors={actionData?.errors ?? {}}
      />
    </>
  );
}
