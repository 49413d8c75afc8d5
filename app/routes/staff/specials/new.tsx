import { BackToList, DealForm } from "../../../components/staff/content-form.tsx";
import { createContentAction, newContentPage, STAFF_SPECIALS } from "../../../lib/staff-content.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import type { Route } from "./+types/new";

/** /staff/specials/new: add a special or service deal (as a draft), with its banner image. */
export const loader = (args: Route.LoaderArgs) => newContentPage(STAFF_SPECIALS, args);

export const action = (args: Route.ActionArgs) => createContentAction(STAFF_SPECIALS, args);

export const meta = () => [{ title: `Add a special or deal${STAFF_TITLE_SUFFIX}` }];

export default function NewSpecial({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, dealers, groupWide } = loaderData;
  const defaults = { kind: "special", dealer: groupWide ? "" : (dealers[0]?.slug ?? ""), sortOrder: "0" };
  return (
    <>
      <BackToList to="/staff/specials">Specials and deals</BackToList>
      <h1 className="mt-2 text-3xl font-bold">Add a special or deal</h1>
      <p className="mt-2">It is saved as a draft: preview it, then publish it.</p>
      <DealForm
        adding
        csrfToken={csrfToken}
        dealers={dealers}
        groupWide={groupWide}
        values={actionData?.values ?? defaults}
        errors={actionData?.errors ?? {}}
      />
    </>
  );
}
