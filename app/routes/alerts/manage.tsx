import { appContext } from "../../load-context.ts";
import { data, Form } from "react-router";
import {
  addressAlerts,
  deleteAddress,
  deleteSearch,
  isToken,
  unsubscribe,
} from "../../../core/alerts/saved-searches.server.ts";
import { readFormBody } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/manage";

/** An address's alerts, from the link in every alert: delete one, stop all, or delete the address now. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const alerts = isToken(params.token)
    ? await addressAlerts(context.get(appContext).db, context.get(appContext).siteUrl, params.token)
    : null;
  if (!alerts) return { alerts: null, deleted: true };
  return { alerts, deleted: false };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!isToken(params.token)) throw data("This link is not valid.", { status: 404 });
  const body = await readFormBody(request);
  if (!body.ok) throw data(body.message, { status: body.status });
  const intent = body.form.get("intent");
  if (intent === "delete-search") {
    const id = Number(body.form.get("search_id"));
    if (!Number.isInteger(id) || id < 1) throw data("Which alert should be deleted?", { status: 400 });
    await deleteSearch(context.get(appContext).db, params.token, id);
  } else if (intent === "unsubscribe") {
    await unsubscribe(context.get(appContext).db, params.token);
  } else if (intent === "delete-all") {
    await deleteAddress(context.get(appContext).db, params.token);
  } else {
    throw data("Unknown action.", { status: 400 });
  }
  return { done: intent };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Your alerts | Honda Dealer Group",
    description: "Manage your used-vehicle alerts.",
    noindex: true,
  });
}

const BUTTON =
  "min-h-11 rounded border border-brand-grey px-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey";

export default function ManageAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const { alerts } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" aria-labelledby="manage-heading">
      <h1 id="manage-heading" className="text-3xl font-bold">
        Your alerts
      </h1>
      {actionData && (
        <p role="status" className="mt-4 rounded bg-gray-100 p-3">
          {actionData.done === "delete-all"
            ? "Your address and all its alerts are deleted."
            : actionData.done === "unsubscribe"
              ? "You are unsubscribed: we send no more alerts."
              : "The alert is deleted."}
        </p>
      )}
      {!alerts ? (
        <p className="mt-4 text-lg">There are no alerts for this link: they were deleted.</p>
      ) : (
        <>
          <p className="mt-4">
            Alerts for <strong>{alerts.email}</strong>
            {alerts.unsubscribed ? " (unsubscribed: nothing is sent, and the address is deleted soon)" : ""}.
          </p>
          {alerts.searches.length === 0 ? (
            <p className="mt-4">No saved searches.</p>
          ) : (
            <ul className="mt-4 divide-y rounded border">
              {alerts.searches.map((search) => (
                <li key={search.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <span>
                    <a href={search.listing} className="font-semibold text-brand-red underline">
                      {search.label}
                    </a>
                    {!search.confirmed && <span className="ml-2 text-sm">(not confirmed yet)</span>}
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-search" />
                    <input type="hidden" name="search_id" value={search.id} />
                    <button type="submit" className={BUTTON} aria-label={`Delete the alert ${search.label}`}>
                      Delete
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            {!alerts.unsubscribed && (
              <Form method="post">
                <input type="hidden" name="intent" value="unsubscribe" />
                <button type="submit" className={BUTTON}>
                  Unsubscribe from all alerts
                </button>
              </Form>
            )}
            <Form method="post">
              <input type="hidden" name="intent" value="delete-all" />
              <button type="submit" className={BUTTON}>
                Delete my address and all alerts now
              </button>
            </Form>
          </div>
        </>
      )}
    </section>
  );
}
