import { AsyncLocalStorage } from "node:async_hooks";
import type { StaffMail } from "../../core/staff/accounts.ts";
import type { ResolvedSession } from "../../core/staff/sessions.ts";
import type { SignInThrottle } from "../../core/staff/sign-in.ts";
import type { Database } from "../../db/client.ts";

/**
 * What the staff area's loaders and actions need about the request beyond the Request itself: the database,
 * the mail channel, the sign-in throttle, the client address and whether it came over HTTPS (the cookie's
 * name and Secure flag). The server (server/app.ts) runs each page request inside `runStaffRequest`, so that
 * `requireStaff(request)` needs nothing else.
 *
 * The store lives on globalThis under a registered symbol: the page build bundles its own copy of this module,
 * and both copies must see the same store.
 */
export type StaffRequestScope = {
  db: Database;
  mail: StaffMail | undefined;
  signInThrottle: SignInThrottle;
  clientAddress: string;
  overHttps: boolean;
  /** The session of this request, resolved once however many loaders ask. */
  session?: Promise<ResolvedSession | null>;
};

const STORE_KEY = Symbol.for("honda-dealer-group.staff-request");
type GlobalWithStore = typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<StaffRequestScope> };

function store(): AsyncLocalStorage<StaffRequestScope> {
  const holder = globalThis as GlobalWithStore;
  return (holder[STORE_KEY] ??= new AsyncLocalStorage<StaffRequestScope>());
}

export function runStaffRequest<T>(scope: StaffRequestScope, work: () => T): T {
  return store().run(scope, work);
}

export function staffRequestScope(): StaffRequestScope {
  const scope = store().getStore();
  if (!scope) throw new Error("staff page outside runStaffRequest (server/app.ts sets it for every page request)");
  return scope;
}
