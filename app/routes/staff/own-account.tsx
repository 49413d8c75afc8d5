import { pageUrlOf } from "../../framework/data-requests.ts";
import { data, Form, redirect, useNavigation } from "react-router";
import { changeOwnPassword, disableTotp, enableTotp } from "../../../core/staff/accounts.server.ts";
import { STAFF_ROLE_LABELS } from "../../../core/staff/roles.ts";
import { sessionCookie } from "../../../core/staff/session-cookie.server.ts";
import { newTotpSecret, totpUri } from "../../../core/staff/totp.ts";
import { CsrfField } from "../../components/staff/csrf-field.tsx";
import {
  buttonClass,
  errorsByField,
  ErrorSummary,
  Notice,
  PASSWORD_HINT,
  secondaryButtonClass,
  TextField,
} from "../../components/staff/form.tsx";
import { field, staffForm } from "../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../lib/staff-navigation.ts";
import { staffRequestScope } from "../../lib/staff-request.server.ts";
import { totpQrSvg } from "../../lib/totp-qr.server.ts";
import { assertStaffWrite, currentStaff, requireStaff } from "../../lib/staff.server.ts";
import type { Route } from "./+types/own-account";

const DONE: Record<string, string> = {
  password: "Your password is changed. You were signed out everywhere else.",
  "totp-on": "Two-factor sign-in is on: from now on you enter a code from your app after your password.",
  "totp-off": "Two-factor sign-in is off.",
};

/** The signed-in person's own account: password, and two-factor sign-in with an authenticator app (TOTP). */
export async function loader({ request }: Route.LoaderArgs) {
  const { csrfToken } = await requireStaff(request);
  const session = (await currentStaff(request))!;
  const done = pageUrlOf(request).searchParams.get("done") ?? "";
  return {
    csrfToken,
    email: session.email,
    displayName: session.displayName,
    roleLabel: STAFF_ROLE_LABELS[session.actor.role],
    totpEnabled: session.totpEnabled,
    // A fresh secret each time the page is drawn; it is kept only once a code from it is right.
    newTotp: session.totpEnabled ? null : totpSetUp(newTotpSecret(session.email)),
    done: DONE[done] ?? null,
  };
}

type TotpSetUp = { secret: string; uri: string; qrSvg: string };

/** What each of the page's forms takes: the CSRF token, its own errors, whether a form is being sent. */
type FormProps = { csrfToken: string; errors: Record<string, string> | undefined; busy: boolean };

const totpSetUp = ({ secret, uri }: { secret: string; uri: string }): TotpSetUp => ({
  secret,
  uri,
  qrSvg: totpQrSvg(uri),
});

export async function action({ request }: Route.ActionArgs) {
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const { db, overHttps, signInThrottle, clientAddress } = staffRequestScope();
  const reauthentication = { throttle: signInThrottle, clientAddress };
  const intent = field(form, "intent");
  if (intent === "password") {
    const newPassword = field(form, "newPassword");
    if (newPassword !== field(form, "confirm"))
      return data(
        { intent, errors: { confirm: "The two passwords are not the same" } as Record<string, string> },
        { status: 422 },
      );
    const outcome = await changeOwnPassword(
      db,
      actor,
      { currentPassword: field(form, "currentPassword"), newPassword },
      reauthentication,
    );
    if (!outcome.ok) return data({ intent, errors: errorsByField(outcome.violations) }, { status: 422 });
    throw redirect("/staff/account?done=password", {
      headers: { "Set-Cookie": sessionCookie(outcome.value.token, overHttps) },
    });
  }
  if (intent === "totp-on") {
    const secret = field(form, "secret");
    const outcome = await enableTotp(
      db,
      actor,
      { secret, code: field(form, "code"), currentPassword: field(form, "currentPassword") },
      reauthentication,
    );
    if (!outcome.ok)
      return data(
        {
          intent,
          errors: errorsByField(outcome.violations),
          totp: totpSetUp({ secret, uri: totpUri(secret, actor.label) }),
        },
        { status: 422 },
      );
    throw redirect("/staff/account?done=totp-on");
  }
  if (intent === "totp-off") {
    const outcome = await disableTotp(db, actor, { currentPassword: field(form, "currentPassword") }, reauthentication);
    if (!outcome.ok) return data({ intent, errors: errorsByField(outcome.violations) }, { status: 422 });
    throw redirect("/staff/account?done=totp-off");
  }
  throw data("This form could not be read: reload the page and try again.", { status: 400 });
}

export const meta = () => [{ title: `My account${STAFF_TITLE_SUFFIX}` }];

export default function OwnAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, email, displayName, roleLabel, totpEnabled, done } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errorsOf = (intent: string): Record<string, string> | undefined =>
    actionData?.intent === intent ? actionData.errors : undefined;
  // After a wrong code the same secret is shown again: the person has already added it to their app.
  const totp: TotpSetUp | null =
    actionData && "totp" in actionData ? (actionData.totp as TotpSetUp) : loaderData.newTotp;
  return (
    <>
      <h1 className="text-3xl font-bold">My account</h1>
      <p className="mt-2">
        {displayName} · {email} · {roleLabel}
      </p>
      <div className="mt-4">
        <Notice>{done}</Notice>
      </div>

      <ChangePasswordSection csrfToken={csrfToken} email={email} errors={errorsOf("password")} busy={busy} />

      <section aria-labelledby="two-factor" className="mt-10 max-w-xl">
        <h2 id="two-factor" className="text-2xl font-bold">
          Two-factor sign-in
        </h2>
        {totpEnabled ? (
          <TurnOffTwoFactor csrfToken={csrfToken} errors={errorsOf("totp-off")} busy={busy} />
        ) : totp ? (
          <TurnOnTwoFactor csrfToken={csrfToken} errors={errorsOf("totp-on")} busy={busy} totp={totp} />
        ) : null}
      </section>
    </>
  );
}

/** Changing one's password: the current one, then the new one twice. */
function ChangePasswordSection({ csrfToken, email, errors, busy }: FormProps & { email: string }) {
  return (
    <section aria-labelledby="password" className="mt-6 max-w-xl">
      <h2 id="password" className="text-2xl font-bold">
        Change your password
      </h2>
      <Form method="post" className="mt-4 space-y-5" noValidate>
        <ErrorSummary
          form="password"
          errors={errors}
          fieldLabels={{
            currentPassword: "Current password",
            newPassword: "New password",
            confirm: "Repeat the new password",
          }}
        />
        <CsrfField token={csrfToken} />
        <input type="hidden" name="username" value={email} autoComplete="username" />
        <TextField
          form="password"
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors?.currentPassword}
        />
        <TextField
          form="password"
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          error={errors?.newPassword}
        />
        <TextField
          form="password"
          name="confirm"
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          required
          error={errors?.confirm}
        />
        <button type="submit" name="intent" value="password" className={buttonClass} disabled={busy}>
          Change password
        </button>
      </Form>
    </section>
  );
}

/** Two-factor sign-in is on: turning it off takes the current password. */
function TurnOffTwoFactor({ csrfToken, errors, busy }: FormProps) {
  return (
    <>
      <p className="mt-2">On: after your password you enter the 6-digit code from your authenticator app.</p>
      <Form method="post" className="mt-4 space-y-5" noValidate>
        <ErrorSummary form="totp-off" errors={errors} fieldLabels={{ currentPassword: "Current password" }} />
        <CsrfField token={csrfToken} />
        <TextField
          form="totp-off"
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors?.currentPassword}
        />
        <button type="submit" name="intent" value="totp-off" className={secondaryButtonClass} disabled={busy}>
          Turn off two-factor sign-in
        </button>
      </Form>
    </>
  );
}

/** Two-factor sign-in is off: the new secret as a QR code and as text, and the form that checks a first code. */
function TurnOnTwoFactor({ csrfToken, errors, busy, totp }: FormProps & { totp: TotpSetUp }) {
  return (
    <>
      <p className="mt-2">
        Off. To turn it on, add this key to an authenticator app (scan the QR code, type the key in, or open the otpauth
        address on the phone), then enter the code the app shows.
      </p>
      <div className="mt-4 flex flex-wrap items-start gap-6">
        {/* Drawn on the server (app/lib/totp-qr.server.ts): an <svg role="img"> with its own accessible name, no script. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own server's SVG of the QR code, with no input but the secret's URI */}
        <div className="shrink-0 border border-gray-300" dangerouslySetInnerHTML={{ __html: totp.qrSvg }} />
        <dl className="min-w-0 flex-1 basis-64 space-y-3">
          <div>
            <dt className="font-semibold">Key</dt>
            <dd>
              <code className="break-all rounded bg-gray-100 px-2 py-1 text-lg tracking-wider">{totp.secret}</code>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">otpauth address</dt>
            <dd>
              <code className="break-all rounded bg-gray-100 px-2 py-1 text-sm">{totp.uri}</code>
            </dd>
          </div>
        </dl>
      </div>
      <Form method="post" className="mt-4 space-y-5" noValidate>
        <ErrorSummary
          form="totp-on"
          errors={errors}
          fieldLabels={{ currentPassword: "Current password", code: "Code from your app" }}
        />
        <CsrfField token={csrfToken} />
        <input type="hidden" name="secret" value={totp.secret} />
        <TextField
          form="totp-on"
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors?.currentPassword}
        />
        <TextField
          form="totp-on"
          name="code"
          label="Code from your app"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          error={errors?.code}
        />
        <button type="submit" name="intent" value="totp-on" className={buttonClass} disabled={busy}>
          Turn on two-factor sign-in
        </button>
      </Form>
    </>
  );
}
