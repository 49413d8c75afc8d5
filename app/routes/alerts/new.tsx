import { pageUrlOf } from "../../framework/data-requests.ts";
import { appContext } from "../../load-context.ts";
import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import {
  describeSearch,
  savedQueryOf,
  subscribe,
  subscriptionSchema,
} from "../../../core/alerts/saved-searches.server.ts";
import { findDealerId } from "../../../core/dealers/dealers.server.ts";
import { violationsFromZod } from "../../../core/shared/violations.ts";
import { CheckboxField, Field } from "../../components/field.tsx";
import { focusMainHeading } from "../../lib/focus-on-navigation.ts";
import { readFormBody } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/new";

/**
 * "Email me new matches": the listing's filters (this page's query string, as the listing has
 * them) saved with an e-mail address after explicit consent; a confirmation link is e-mailed and nothing
 * else is sent until it is followed. A plain form: it works without JavaScript.
 */
const SCOPE_PARAM = "dealer_scope";

function searchFrom(url: URL) {
  const params = new URLSearchParams(url.search);
  const dealerScope = params.get(SCOPE_PARAM);
  params.delete(SCOPE_PARAM);
  return {
    saved: savedQueryOf(params),
    dealerScope: dealerScope && /^[a-z0-9-]{1,80}$/.test(dealerScope) ? dealerScope : null,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { saved, dealerScope } = searchFrom(pageUrlOf(request));
  if (!saved.ok) throw data("This search cannot be saved: its filters are not valid.", { status: 400 });
  return {
    label: describeSearch(saved.value.parsed, { dealer: dealerScope ?? undefined }),
    listing: saved.value.query,
    dealerScope,
  };
}

type ActionData =
  | { sent: true; email: string }
  | { sent: false; errors: { field: string; message: string }[]; email: string; consent: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormBody(request);
  if (!body.ok)
    return data<ActionData>(
      { sent: false, errors: [{ field: "form", message: body.message }], email: "", consent: false },
      { status: body.status },
    );
  const fields = Object.fromEntries(
    [...body.form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const email = fields.email ?? "";
  const consent = fields.consent === "yes";
  const parsed = subscriptionSchema.safeParse({ email, consent: fields.consent, listing: fields.listing ?? "" });
  if (!parsed.success) {
    const errors = violationsFromZod(parsed.error).map((v) => ({ field: v.propertyPath, message: v.message }));
    return data<ActionData>({ sent: false, errors, email, consent }, { status: 422 });
  }
  const { saved, dealerScope } = searchFrom(
    new URL(
      `http://x/?${parsed.data.listing}${fields[SCOPE_PARAM] ? `&${SCOPE_PARAM}=${encodeURIComponent(fields[SCOPE_PARAM])}` : ""}`,
    ),
  );
  if (!saved.ok)
    return data<ActionData>(
      {
        sent: false,
        errors: [{ field: "listing", message: "This search cannot be saved: its filters are not valid." }],
        email,
        consent,
      },
      { status: 422 },
    );
  const dealerId = dealerScope ? await findDealerId(context.get(appContext).db, dealerScope) : null;
  const { mailer } = context.get(appContext);
  if (!mailer) throw data("E-mail is not available on this server.", { status: 503 });
  const result = await subscribe(
    context.get(appContext).db,
    mailer,
    context.get(appContext).siteUrl,
    {
      email: parsed.data.email,
      query: saved.value.query,
      label: describeSearch(saved.value.parsed, { dealer: dealerScope ?? undefined }),
      dealerId: dealerId ?? null,
    },
    { personIndex: context.get(appContext).financeCipher },
  );
  if (result.status === "limited") {
    return data<ActionData>(
      {
        sent: false,
        errors: [
          {
            field: "email",
            message: "We have sent this address several confirmations today. Please try again tomorrow.",
          },
        ],
        email,
        consent,
      },
      { status: 429 },
    );
  }
  if (result.status === "full") {
    return data<ActionData>(
      {
        sent: false,
        errors: [
          {
            field: "email",
            message:
              "This address has the most alerts we keep (10). Delete one from the link in any alert e-mail first.",
          },
        ],
        email,
        consent,
      },
      { status: 422 },
    );
  }
  return { sent: true, email: parsed.data.email } satisfies ActionData;
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Email me new matches | Honda Dealer Group",
    description: "Get an e-mail when used vehicles matching your search arrive or drop in price.",
    noindex: true,
  });
}

/**
 * The answer to a sign-up, which takes the form's place at the same address: focus goes to its heading (the
 * navigation's own focus leaves a form sent to its own address alone), and the address breaks to fit a phone.
 */
function ConfirmationSent({ email }: { email: string }) {
  useEffect(() => {
    focusMainHeading();
  }, []);
  return (
    <section className="mx-auto max-w-2xl px-4 py-16" aria-labelledby="alert-heading">
      <h1 id="alert-heading" className="text-3xl font-bold">
        Check your inbox
      </h1>
      <p className="mt-4 text-lg wrap-anywhere">
        We sent a confirmation link to <strong>{email}</strong>. Your alert starts when you follow it; until then we
        send nothing else.
      </p>
      <p className="mt-4">
        Nothing arrived within a few minutes? Look in your spam folder. If you once asked us to send you no marketing,
        we keep to that and send nothing to this address: ask any of our dealers to lift it.
      </p>
    </section>
  );
}

const FIELD_CLASS = "mt-1 block min-h-11 w-full rounded border border-gray-400 bg-white px-2";
const LOOK = { label: "font-semibold", error: "mt-1 text-brand-red" };

export default function NewAlert({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as ActionData | undefined;
  if (result?.sent) return <ConfirmationSent email={result.email} />;
  const errors = result && !result.sent ? result.errors : [];
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" aria-labelledby="alert-heading">
      <h1 id="alert-heading" className="text-3xl font-bold">
        Email me new matches
      </h1>
      <p className="mt-3 text-lg">
        We e-mail you once a day, only when something new matches: <strong>{loaderData.label}</strong>.
      </p>
      {errors.length > 0 && (
        <div role="alert" className="mt-6 rounded border border-brand-red p-4">
          <p className="font-semibold">Please check the form:</p>
          <ul className="mt-2 list-disc pl-5">
            {errors.map((e) => (
              <li key={`${e.field}-${e.message}`}>{e.message}</li>
            ))}
          </ul>
        </div>
      )}
      <Form method="post" className="mt-6 space-y-5">
        <input type="hidden" name="listing" value={loaderData.listing} />
        {loaderData.dealerScope && <input type="hidden" name={SCOPE_PARAM} value={loaderData.dealerScope} />}
        <Field id="alert-email" label="Email address" error={errorOf("email")} look={LOOK}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={result && !result.sent ? result.email : ""}
              className={FIELD_CLASS}
            />
          )}
        </Field>
        <CheckboxField
          id="alert-consent"
          label={
            <>
              I agree that Honda Dealer Group may keep my e-mail address to send me these alerts until I unsubscribe, as
              the{" "}
              <Link to="/popia" className="font-semibold text-brand-red underline">
                POPIA notice
              </Link>{" "}
              explains. Every alert has a one-click unsubscribe link.
            </>
          }
          error={errorOf("consent")}
          look={{ error: LOOK.error }}
          rowClassName="flex items-start gap-3"
        >
          {(control) => (
            <input
              {...control}
              type="checkbox"
              name="consent"
              value="yes"
              required
              defaultChecked={result && !result.sent ? result.consent : false}
              className="mt-1 size-5 shrink-0 accent-brand-red"
            />
          )}
        </CheckboxField>
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          className="min-h-11 rounded bg-brand-red px-6 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey"
        >
          Send me the confirmation link
        </button>
      </Form>
    </section>
  );
}
