import { pageUrlOf } from "../../framework/data-requests.ts";
import { data, Form, redirect, useNavigation } from "react-router";
import { passwordLinkOwner, setPasswordWithLink } from "../../../core/staff/accounts.server.ts";
import { buttonClass, errorsByField, ErrorSummary, PASSWORD_HINT, TextField } from "../../components/staff/form.tsx";
import { field, staffForm } from "../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../lib/staff-navigation.ts";
import { staffRequestScope } from "../../lib/staff-request.server.ts";
import type { Route } from "./+types/set-password";

/** The page a new account's or a reset's one-time link opens (?token=...). */
export async function loader({ request }: Route.LoaderArgs) {
  const token = pageUrlOf(request).searchParams.get("token") ?? "";
  const owner = token ? await passwordLinkOwner(staffRequestScope().db, token) : null;
  return { token, email: owner?.email ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await staffForm(request);
  const password = field(form, "password");
  if (password !== field(form, "confirm"))
    return data(
      { errors: { confirm: "The two passwords are not the same" } as Record<string, string>, expired: false },
      { status: 422 },
    );
  const outcome = await setPasswordWithLink(staffRequestScope().db, field(form, "token"), password);
  if (outcome.ok) throw redirect("/staff/login?password=set");
  if ("expired" in outcome) return data({ errors: {} as Record<string, string>, expired: true }, { status: 410 });
  return data({ errors: errorsByField(outcome.violations), expired: false }, { status: 422 });
}

export const meta = () => [{ title: `Choose your password${STAFF_TITLE_SUFFIX}` }];

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData.email || actionData?.expired) {
    return (
      <div className="mx-auto max-w-md">
        <h1 className="text-3xl font-bold">This link no longer works</h1>
        <p className="mt-3">
          Links to choose a password work once and expire. Ask for a new one, or ask your group administrator to send
          one.
        </p>
        <p className="mt-6">
          <a href="/staff/forgot-password" className="font-semibold text-brand-red underline">
            Send me a new link
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Choose your password</h1>
      <p className="mt-3">For {loaderData.email}.</p>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <ErrorSummary
          form="set"
          errors={actionData?.errors}
          fieldLabels={{ password: "New password", confirm: "Repeat the new password" }}
        />
        <input type="hidden" name="token" value={loaderData.token} />
        <input type="hidden" name="username" value={loaderData.email} autoComplete="username" />
        <TextField
          form="set"
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          error={actionData?.errors.password}
        />
        <TextField
          form="set"
          name="confirm"
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          required
          error={actionData?.errors.confirm}
        />
        <button type="submit" className={buttonClass} disabled={busy}>
          Set password
        </button>
      </Form>
    </div>
  );
}
