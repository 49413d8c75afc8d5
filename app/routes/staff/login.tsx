import { pageUrlOf } from "../../framework/data-requests.ts";
import { data, Form, redirect, useNavigation } from "react-router";
import { completeSecondFactor, signIn, type SignInOutcome } from "../../../core/staff/sign-in.server.ts";
import { knownDeviceCookie, knownDeviceCookieFrom } from "../../../core/staff/known-devices.server.ts";
import { sessionCookie } from "../../../core/staff/session-cookie.server.ts";
import { waitInWords } from "../../../core/staff/sign-in-throttle.server.ts";
import { buttonClass, ErrorSummary, Notice, TextField } from "../../components/staff/form.tsx";
import { field, safeStaffPath, staffForm } from "../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../lib/staff-navigation.ts";
import { staffRequestScope } from "../../lib/staff-request.server.ts";
import { currentStaff } from "../../lib/staff.server.ts";
import type { Route } from "./+types/login";

export async function loader({ request }: Route.LoaderArgs) {
  const query = pageUrlOf(request).searchParams;
  const next = safeStaffPath(query.get("next"));
  if (await currentStaff(request)) throw redirect(next);
  return { next, passwordSet: query.get("password") === "set" };
}

const INCORRECT = "Email or password is incorrect";

function tooManyAttempts(retryAfterSeconds: number) {
  return data(
    {
      step: "password" as const,
      message: `Too many attempts, try again in ${waitInWords(retryAfterSeconds)}`,
      email: "",
    },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

/**
 * Step one, e-mail and password; step two, when the person turned it on, the code from their authenticator
 * app (the first step hands out a one-time token for it, never the password again). A new session each time,
 * and a renewed known-device cookie, whose own allowance of failures spares this browser the waits strangers
 * cause (core/staff/sign-in-throttle.server.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const scope = staffRequestScope();
  const form = await staffForm(request);
  const next = safeStaffPath(field(form, "next"));
  const client = {
    clientAddress: scope.clientAddress,
    deviceCookie: knownDeviceCookieFrom(request.headers.get("Cookie"), scope.overHttps),
  };
  const outcome: SignInOutcome =
    field(form, "step") === "code"
      ? await completeSecondFactor(scope.db, scope.signInThrottle, {
          pendingToken: field(form, "pending"),
          code: field(form, "code"),
          ...client,
        })
      : await signIn(scope.db, scope.signInThrottle, {
          email: field(form, "email"),
          password: field(form, "password"),
          ...client,
        });
  switch (outcome.kind) {
    case "signed-in": {
      const headers = new Headers();
      headers.append("Set-Cookie", sessionCookie(outcome.session.token, scope.overHttps));
      headers.append("Set-Cookie", knownDeviceCookie(outcome.deviceCookie, scope.overHttps));
      throw redirect(next, { headers });
    }
    case "second-factor":
      return data(
        {
          step: "code" as const,
          pending: outcome.pendingToken,
          message: outcome.wrongCode ? "This code is not right: enter the 6-digit code your app shows now" : "",
        },
        { status: outcome.wrongCode ? 422 : 200 },
      );
    case "throttled":
      return tooManyAttempts(outcome.retryAfterSeconds);
    case "refused":
      return data(
        {
          step: "password" as const,
          message: field(form, "step") === "code" ? "Your sign-in took too long: start again" : INCORRECT,
          email: field(form, "email"),
        },
        { status: 401 },
      );
  }
}

/** The action's Retry-After (a throttled sign-in) on the page's answer, with the staff layout's no-store. */
export const headers = ({ actionHeaders, parentHeaders }: Route.HeadersArgs) => {
  const headers = new Headers(parentHeaders);
  // Each Set-Cookie stays (the session's and the known device's); iterating Headers gives each on its own.
  for (const [name, value] of actionHeaders) {
    if (name === "set-cookie") headers.append(name, value);
    else headers.set(name, value);
  }
  return headers;
};

export const meta = () => [{ title: `Sign in${STAFF_TITLE_SUFFIX}` }];

export default function StaffLogin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.step === "code") {
    return (
      <div className="mx-auto max-w-md">
        <h1 className="text-3xl font-bold">Enter your code</h1>
        <p className="mt-3">
          Open your authenticator app and enter the 6-digit code it shows for the Honda Dealer Group back office.
        </p>
        <Form method="post" className="mt-6 space-y-5" noValidate>
          <ErrorSummary form="code" message={actionData.message || undefined} />
          <input type="hidden" name="step" value="code" />
          <input type="hidden" name="pending" value={actionData.pending} />
          <input type="hidden" name="next" value={loaderData.next} />
          <TextField
            form="code"
            name="code"
            label="Authentication code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
          />
          <button type="submit" className={buttonClass} disabled={busy}>
            Continue
          </button>
        </Form>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Sign in</h1>
      <p className="mt-3">For staff of the Honda Dealer Group and its dealers.</p>
      {loaderData.passwordSet && !actionData ? (
        <div className="mt-4">
          <Notice>Your password is set. Sign in with it now.</Notice>
        </div>
      ) : null}
      <Form method="post" className="mt-6 space-y-5">
        <ErrorSummary form="login" message={actionData?.message || undefined} />
        <input type="hidden" name="step" value="password" />
        <input type="hidden" name="next" value={loaderData.next} />
        <TextField
          form="login"
          name="email"
          label="Email"
          inputMode="email"
          autoComplete="username"
          required
          defaultValue={actionData?.step === "password" ? actionData.email : undefined}
        />
        <TextField
          form="login"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" className={buttonClass} disabled={busy}>
          Sign in
        </button>
      </Form>
      <p className="mt-6">
        <a href="/staff/forgot-password" className="font-semibold text-brand-red underline">
          Forgot your password?
        </a>
      </p>
    </div>
  );
}
