import { appContext } from "../../load-context.ts";
import { data, Form, Link } from "react-router";
import { isToken, unsubscribe } from "../../../core/alerts/saved-searches.server.ts";
import { readFormBody } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/unsubscribe";

/**
 * Unsubscribe from every alert of an address: one press of the button from the e-mail's link, or the mail
 * client's own one-click POST (RFC 8058, the List-Unsubscribe-Post header), which this action also answers.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (!isToken(params.token)) throw data("This unsubscribe link is not valid.", { status: 404 });
  return { token: params.token };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  // A browser's button and a mail client's one-click POST (RFC 8058) both send a form; anything else is refused.
  const body = await readFormBody(request);
  if (!body.ok) throw data(body.message, { status: body.status });
  if (!isToken(params.token) || !(await unsubscribe(context.get(appContext).db, params.token))) {
    // Already deleted: nothing is sent to it any more either.
    return { unsubscribed: true };
  }
  return { unsubscribed: true };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Unsubscribe | Honda Dealer Group",
    description: "Stop your used-vehicle alerts.",
    noindex: true,
  });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16" aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading" className="text-3xl font-bold">
        {actionData ? "You are unsubscribed" : "Unsubscribe from alerts"}
      </h1>
      {actionData ? (
        <p className="mt-4 text-lg">
          We send no more alerts to this address. It is deleted with its saved searches a few weeks from now, or at once
          from the manage page.
        </p>
      ) : (
        <Form method="post" className="mt-6">
          <button
            type="submit"
            className="min-h-11 rounded bg-brand-red px-6 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey"
          >
            Unsubscribe from all alerts
          </button>
        </Form>
      )}
      <p className="mt-6">
        <Link to={`/alerts/manage/${loaderData.token}`} className="font-semibold text-brand-red underline">
          Manage or delete your alerts
        </Link>
      </p>
    </section>
  );
}
