import { pageUrlOf } from "../../framework/data-requests.ts";
import { data, Form, redirect, useNavigation } from "react-router";
import {
  getStaffAccount,
  sendPasswordLink,
  setStaffAccountActive,
  staffDealerChoices,
  updateStaffAccount,
} from "../../../core/staff/accounts.server.ts";
import { ACCOUNT_FIELD_LABELS, AccountFields } from "../../components/staff/account-fields.tsx";
import { CsrfField } from "../../components/staff/csrf-field.tsx";
import {
  buttonClass,
  ErrorSummary,
  errorsByField,
  Notice,
  secondaryButtonClass,
} from "../../components/staff/form.tsx";
import { field, staffForm } from "../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../lib/staff-navigation.ts";
import { staffRequestScope } from "../../lib/staff-request.server.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../lib/staff.server.ts";
import type { Route } from "./+types/account-edit";

const DONE: Record<string, string> = {
  saved:
    "Changes saved. If the role or dealers changed, the person was signed out and signs in again with the new access.",
  "link-sent": "A new link to choose a password is on its way; any earlier link no longer works.",
  deactivated: "Account deactivated: the person was signed out and cannot sign in.",
  reactivated: "Account reactivated: the person can sign in again.",
};

function accountId(params: { id: string }): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw data("Not found", { status: 404 });
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  const { db } = staffRequestScope();
  try {
    const account = await getStaffAccount(db, actor, accountId(params));
    if (!account) throw data("Not found", { status: 404 });
    const done = pageUrlOf(request).searchParams.get("done") ?? "";
    return {
      account,
      dealers: await staffDealerChoices(db, actor),
      csrfToken,
      isSelf: account.id === actor.id,
      done: DONE[done] ?? null,
    };
  } catch (error) {
    staffFailure(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const { db, mail } = staffRequestScope();
  const id = accountId(params);
  const back = (done: string) => redirect(`/staff/accounts/${id}?done=${done}`);
  try {
    switch (field(form, "intent")) {
      case "save": {
        const outcome = await updateStaffAccount(db, actor, id, {
          displayName: field(form, "displayName"),
          role: field(form, "role"),
          dealerIds: form.getAll("dealerIds").map(String),
        });
        if (outcome.ok) return back("saved");
        return data({ errors: errorsByField(outcome.violations) }, { status: 422 });
      }
      case "send-link":
        if (!mail) throw data("E-mail is not configured on this server.", { status: 503 });
        await sendPasswordLink(db, actor, id, mail);
        return back("link-sent");
      case "deactivate":
      case "reactivate": {
        const outcome = await setStaffAccountActive(db, actor, id, field(form, "intent") === "reactivate");
        if (outcome.ok) return back(`${field(form, "intent")}d`);
        return data({ errors: errorsByField(outcome.violations) }, { status: 422 });
      }
      default:
        throw data("This form could not be read: reload the page and try again.", { status: 400 });
    }
  } catch (error) {
    staffFailure(error);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.account.displayName ?? "Staff account"}${STAFF_TITLE_SUFFIX}` }];
}

export default function StaffAccountEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { account, dealers, csrfToken, isSelf, done } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors;
  return (
    <>
      <p>
        <a href="/staff/accounts" className="font-semibold text-brand-red underline">
          All staff accounts
        </a>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{account.displayName}</h1>
      <p className="mt-2">
        {account.email} ·{" "}
        {!account.active ? "Deactivated" : account.hasPassword ? "Active" : "Invited (no password yet)"}
        {account.totpEnabled ? " · two-factor sign-in on" : ""}
      </p>
      <div className="mt-4">
        <Notice>{done}</Notice>
      </div>

      <section aria-labelledby="access" className="mt-6 max-w-2xl">
        <h2 id="access" className="text-2xl font-bold">
          Name and access
        </h2>
        <Form method="post" className="mt-4 space-y-5" noValidate>
          <ErrorSummary form="edit" errors={errors} fieldLabels={ACCOUNT_FIELD_LABELS} />
          <CsrfField token={csrfToken} />
          <AccountFields form="edit" dealers={dealers} errors={errors} values={account} />
          <button type="submit" name="intent" value="save" className={buttonClass} disabled={busy}>
            Save changes
          </button>
        </Form>
      </section>

      <section aria-labelledby="sign-in" className="mt-10 max-w-2xl">
        <h2 id="sign-in" className="text-2xl font-bold">
          Signing in
        </h2>
        <div className="mt-4 flex flex-wrap gap-4">
          {account.active ? (
            <Form method="post">
              <CsrfField token={csrfToken} />
              <button type="submit" name="intent" value="send-link" className={secondaryButtonClass} disabled={busy}>
                Send a new password link
              </button>
            </Form>
          ) : null}
          {isSelf ? null : (
            <Form method="post">
              <CsrfField token={csrfToken} />
              <button
                type="submit"
                name="intent"
                value={account.active ? "deactivate" : "reactivate"}
                className={secondaryButtonClass}
                disabled={busy}
              >
                {account.active ? "Deactivate account" : "Reactivate account"}
              </button>
            </Form>
          )}
        </div>
      </section>
    </>
  );
}
