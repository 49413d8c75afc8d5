import { pageUrlOf } from "../../framework/data-requests.ts";
import { data, Form, redirect, useNavigation } from "react-router";
import { countStaffAccounts, createFirstAdministrator } from "../../../core/staff/accounts.server.ts";
import { isTokenUsable } from "../../../core/staff/tokens.server.ts";
import { buttonClass, errorsByField, ErrorSummary, PASSWORD_HINT, TextField } from "../../components/staff/form.tsx";
import { field, staffForm } from "../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../lib/staff-navigation.ts";
import { staffRequestScope } from "../../lib/staff-request.server.ts";
import type { Route } from "./+types/setup";

/** The first administrator, through the set-up link the server logged at its first start (no staff account yet). */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = staffRequestScope();
  const token = pageUrlOf(request).searchParams.get("token") ?? "";
  const usable = token !== "" && (await countStaffAccounts(db)) === 0 && (await isTokenUsable(db, "setup", token));
  return { token, usable };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await staffForm(request);
  const password = field(form, "password");
  if (password !== field(form, "confirm"))
    return data(
      { errors: { confirm: "The two passwords are not the same" } as Record<string, string>, expired: false },
      { status: 422 },
    );
  const outcome = await createFirstAdministrator(staffRequestScope().db, field(form, "token"), {
    email: field(form, "email"),
    displayName: field(form, "displayName"),
    password,
  });
  if (outcome.ok) throw redirect("/staff/login?password=set");
  if ("expired" in outcome) return data({ errors: {} as Record<string, string>, expired: true }, { status: 410 });
  return data({ errors: errorsByField(outcome.violations), expired: false }, { status: 422 });
}

export const meta = () => [{ title: `Set up the back office${STAFF_TITLE_SUFFIX}` }];

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData.usable || actionData?.expired) {
    return (
      <div className="mx-auto max-w-md">
        <h1 className="text-3xl font-bold">This set-up link no longer works</h1>
        <p className="mt-3">
          The set-up link works once, for 24 hours, and only until the first administrator exists. Sign in instead.
        </p>
        <p className="mt-6">
          <a href="/staff/login" className="font-semibold text-brand-red underline">
            Sign in
          </a>
        </p>
      </div>
    );
  }
  const errors = actionData?.errors;
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Set up the back office</h1>
      <p className="mt-3">Create the first group administrator. They can then add everyone else.</p>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <ErrorSummary
          form="setup"
          errors={errors}
          fieldLabels={{ email: "Email", displayName: "Name", password: "Password", confirm: "Repeat the password" }}
        />
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          form="setup"
          name="email"
          label="Email"
          inputMode="email"
          autoComplete="username"
          required
          error={errors?.email}
        />
        <TextField
          form="setup"
          name="displayName"
          label="Name"
          autoComplete="name"
          required
          error={errors?.displayName}
        />
        <TextField
          form="setup"
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          error={errors?.password}
        />
        <TextField
          form="setup"
          name="confirm"
          label="Repeat the password"
          type="password"
          autoComplete="new-password"
          required
          error={errors?.confirm}
        />
        <button type="submit" className={buttonClass} disabled={busy}>
          Create the administrator
        </button>
      </Form>
    </div>
  );
}
