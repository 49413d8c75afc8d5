import { appContext } from "../../load-context.ts";
import { data, Form, useNavigation } from "react-router";
import { requestPasswordReset } from "../../../core/staff/accounts.server.ts";
import { buttonClass, Notice, TextField } from "../../components/staff/form.tsx";
import { field, staffForm } from "../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../lib/staff-navigation.ts";
import { staffRequestScope } from "../../lib/staff-request.server.ts";
import type { Route } from "./+types/forgot-password";

export const loader = () => null;

const SENT =
  "If this address has a back-office account, we have sent it a link to choose a new password. The link works once, for 1 hour.";

/** Always the same answer, whether or not the address has an account (nobody learns who works here). */
export async function action({ request, context }: Route.ActionArgs) {
  const scope = staffRequestScope();
  const form = await staffForm(request);
  if (!scope.mail) throw data("E-mail is not configured on this server.", { status: 503 });
  const email = field(form, "email");
  // Not awaited: the time the mail server takes (or its failure) would tell that the address has an account.
  if (email.trim() !== "") {
    requestPasswordReset(scope.db, email, scope.mail).catch((error: unknown) =>
      context.get(appContext).logger.error({ err: error }, "password reset e-mail not sent"),
    );
  }
  return { sent: SENT };
}

export const meta = () => [{ title: `Forgot your password${STAFF_TITLE_SUFFIX}` }];

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Forgot your password</h1>
      <p className="mt-3">
        Enter the e-mail address you sign in with. We will send you a link to choose a new password.
      </p>
      <div className="mt-4">
        <Notice>{actionData?.sent}</Notice>
      </div>
      <Form method="post" className="mt-6 space-y-5">
        <TextField form="forgot" name="email" label="Email" inputMode="email" autoComplete="username" required />
        <button type="submit" className={buttonClass} disabled={busy}>
          Send the link
        </button>
      </Form>
      <p className="mt-6">
        <a href="/staff/login" className="font-semibold text-brand-red underline">
          Back to sign in
        </a>
      </p>
    </div>
  );
}
