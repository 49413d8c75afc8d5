import { pageUrlOf } from "../../framework/data-requests.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { createStaffAccount, listStaffAccounts, staffDealerChoices } from "../../../core/staff/accounts.server.ts";
import { STAFF_ROLE_LABELS } from "../../../core/staff/roles.ts";
import { ACCOUNT_FIELD_LABELS, AccountFields } from "../../components/staff/account-fields.tsx";
import { CsrfField } from "../../components/staff/csrf-field.tsx";
import { buttonClass, errorsByField, ErrorSummary, Notice, TextField } from "../../components/staff/form.tsx";
import { field, staffForm } from "../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../lib/staff-navigation.ts";
import { staffRequestScope } from "../../lib/staff-request.server.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../lib/staff.server.ts";
import type { Route } from "./+types/accounts";
import { ScrollableTable } from "../../components/staff/scrollable-table.tsx";

/** Group administrators: every staff account, and a form to add one (the person gets a link to choose a password). */
export async function loader({ request }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  const { db } = staffRequestScope();
  try {
    const [accounts, dealers] = await Promise.all([listStaffAccounts(db, actor), staffDealerChoices(db, actor)]);
    const created = Number(pageUrlOf(request).searchParams.get("created"));
    return { accounts, dealers, csrfToken, created: accounts.find((account) => account.id === created) ?? null };
  } catch (error) {
    staffFailure(error);
  }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const { db, mail } = staffRequestScope();
  if (!mail)
    throw data("E-mail is not configured on this server: new accounts cannot get their link.", { status: 503 });
  const input = {
    email: field(form, "email"),
    displayName: field(form, "displayName"),
    role: field(form, "role"),
    dealerIds: form.getAll("dealerIds").map(String),
  };
  try {
    const outcome = await createStaffAccount(db, actor, input, mail);
    if (outcome.ok) throw redirect(`/staff/accounts?created=${outcome.value.id}`);
    return data({ errors: errorsByField(outcome.violations), values: input }, { status: 422 });
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Staff accounts${STAFF_TITLE_SUFFIX}` }];

export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, dealers, csrfToken, created } = loaderData;
  const busy = useNavigation().state === "submitting";
  const dealerName = new Map(dealers.map((dealer) => [dealer.id, dealer.name]));
  const errors = actionData?.errors;
  return (
    <>
      <h1 className="text-3xl font-bold">Staff accounts</h1>
      <div className="mt-4">
        <Notice>
          {created
            ? `Account created for ${created.displayName}. We e-mailed ${created.email} a link to choose a password.`
            : null}
        </Notice>
      </div>
      <ScrollableTable label="Staff accounts table" spacing="mt-6">
        <table className="w-full min-w-[40rem] border-collapse text-left">
          <caption className="sr-only">Staff accounts</caption>
          <thead>
            <tr className="border-b-2 border-brand-grey">
              <th scope="col" className="py-2 pr-4">
                Name
              </th>
              <th scope="col" className="py-2 pr-4">
                Email
              </th>
              <th scope="col" className="py-2 pr-4">
                Role
              </th>
              <th scope="col" className="py-2 pr-4">
                Dealers
              </th>
              <th scope="col" className="py-2 pr-4">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id} className="border-b border-gray-300">
                <th scope="row" className="py-2 pr-4 font-semibold">
                  <Link to={`/staff/accounts/${account.id}`} className="text-brand-red underline">
                    {account.displayName}
                  </Link>
                </th>
                <td className="py-2 pr-4">{account.email}</td>
                <td className="py-2 pr-4">{STAFF_ROLE_LABELS[account.role]}</td>
                <td className="py-2 pr-4">
                  {account.dealerIds.map((id) => dealerName.get(id)).join(", ") || "All (group-wide)"}
                </td>
                <td className="py-2 pr-4">
                  {!account.active ? "Deactivated" : account.hasPassword ? "Active" : "Invited (no password yet)"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollableTable>

      <section aria-labelledby="add-account" className="mt-10 max-w-2xl rounded border border-gray-300 p-6">
        <h2 id="add-account" className="text-2xl font-bold">
          Add a staff member
        </h2>
        <p className="mt-2">They get an e-mail with a link to choose their password (it works once, for 72 hours).</p>
        <Form method="post" className="mt-6 space-y-5" noValidate>
          <ErrorSummary form="new" errors={errors} fieldLabels={ACCOUNT_FIELD_LABELS} />
          <CsrfField token={csrfToken} />
          <TextField
            form="new"
            name="email"
            label="Email"
            type="email"
            autoComplete="off"
            required
            defaultValue={actionData?.values.email}
            error={errors?.email}
          />
          <AccountFields
            form="new"
            dealers={dealers}
            errors={errors}
            values={
              actionData
                ? {
                    displayName: actionData.values.displayName,
                    role: actionData.values.role as never,
                    dealerIds: actionData.values.dealerIds.map(Number),
                  }
                : undefined
            }
          />
          <button type="submit" className={buttonClass} disabled={busy}>
            Create account
          </button>
        </Form>
      </section>
    </>
  );
}
