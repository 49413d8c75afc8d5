import { appContext } from "../../load-context.ts";
import { data, Form, Link } from "react-router";
import { confirmSearch, isToken } from "../../../core/alerts/saved-searches.server.ts";
import { readFormBody } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/confirm";

/**
 * The double opt-in's link. Following it (GET) changes nothing, so that a mail scanner opening links does
 * not confirm for the reader; the button (POST) confirms.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (!isToken(params.token)) throw data("This confirmation link is not valid.", { status: 404 });
  return null;
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const body = await readFormBody(request);
  if (!body.ok) throw data(body.message, { status: body.status });
  const confirmed = isToken(params.token)
    ? await confirmSearch(context.get(appContext).db, context.get(appContext).siteUrl, params.token)
    : null;
  if (!confirmed) throw data("This confirmation link is not valid, or its alert was deleted.", { status: 404 });
  return confirmed;
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Confirm your alert | Honda Dealer Group",
    description: "Confirm your used-vehicle alert.",
    noindex: true,
  });
}

const BUTTON =
  "min-h-11 rounded bg-brand-red px-6 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey";

export default function ConfirmAlert({ actionData }: Route.ComponentProps) {
  if (actionData) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16" aria-labelledby="confirm-heading">
        <h1 id="confirm-heading" className="text-3xl font-bold">
          Your alert is on
        </h1>
        <p className="mt-4 text-lg">
          We will e-mail you when something new matches <strong>{actionData.label}</strong>.
        </p>
        <p className="mt-4">
          <a href={actionData.listing} className="font-semibold text-brand-red underline">
            See the vehicles that match now
          </a>
        </p>
        <p className="mt-2">
          <Link to={`/alerts/manage/${actionData.manageToken}`} className="font-semibold text-brand-red underline">
            Manage your alerts
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-16" aria-labelledby="confirm-heading">
      <h1 id="confirm-heading" className="text-3xl font-bold">
        Confirm your alert
      </h1>
      <p className="mt-4 text-lg">
        Press the button to start receiving e-mails about new matches for your saved search.
      </p>
      <Form method="post" className="mt-6">
        <button type="submit" className={BUTTON}>
          Confirm my alert
        </button>
      </Form>
    </section>
  );
}
