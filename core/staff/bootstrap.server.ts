import type { Database } from "../../db/client.ts";
import { staffUsers } from "../../db/schema.ts";
import { countStaffAccounts, newAccountSchema, oneTimeLink, SYSTEM } from "./accounts.server.ts";
import { recordAudit } from "./audit.server.ts";
import { hashPassword, passwordProblem } from "./passwords.server.ts";
import { issueToken } from "./tokens.server.ts";

/**
 * The first start. With STAFF_BOOTSTRAP_EMAIL and STAFF_BOOTSTRAP_PASSWORD set and no staff
 * account yet, that group administrator is created; without them, a one-time set-up link (24 h) is issued for
 * the log. Once any account exists nothing happens, whatever the variables say.
 */
export type StaffBootstrap =
  | { kind: "accounts"; count: number }
  | { kind: "created"; email: string }
  | { kind: "setup-link"; link: string };

export class BootstrapPasswordRefused extends Error {
  constructor(reason: string) {
    super(`STAFF_BOOTSTRAP_PASSWORD is refused: ${reason}`);
    this.name = "BootstrapPasswordRefused";
  }
}

export async function bootstrapStaff(
  db: Database,
  options: { email?: string; password?: string; siteUrl: string },
): Promise<StaffBootstrap> {
  const existing = await countStaffAccounts(db);
  if (existing > 0) return { kind: "accounts", count: existing };
  if (options.email && options.password) return createBootstrapAdministrator(db, options.email, options.password);
  return { kind: "setup-link", link: oneTimeLink("setup", await issueToken(db, "setup", null), options.siteUrl) };
}

async function createBootstrapAdministrator(db: Database, rawEmail: string, password: string): Promise<StaffBootstrap> {
  const parsed = newAccountSchema.safeParse({
    email: rawEmail,
    displayName: "Group administrator",
    role: "group_admin",
  });
  if (!parsed.success) throw new Error(`STAFF_BOOTSTRAP_EMAIL is refused: ${parsed.error.issues[0]?.message}`);
  const problem = await passwordProblem(password, parsed.data.email);
  if (problem) throw new BootstrapPasswordRefused(problem);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Several instances may start at once: the first one's insert wins, the others find the address taken.
    const [user] = await tx
      .insert(staffUsers)
      .values({ email: parsed.data.email, displayName: parsed.data.displayName, role: "group_admin", passwordHash })
      .onConflictDoNothing()
      .returning({ id: staffUsers.id });
    if (user) {
      await recordAudit(tx, {
        actor: SYSTEM,
        action: "staff_user.bootstrap",
        entity: "staff_user",
        entityId: user.id,
        changes: { email: { from: null, to: parsed.data.email }, role: { from: null, to: "group_admin" } },
      });
    }
  });
  return { kind: "created", email: parsed.data.email };
}

/** The startup report's staff line: the accounts and whether an active group administrator is among them. */
export function describeStaffBootstrap(bootstrap: StaffBootstrap, activeAdministrators: number): string {
  if (bootstrap.kind === "accounts") {
    const accounts = `${bootstrap.count} staff account${bootstrap.count === 1 ? "" : "s"}`;
    if (activeAdministrators === 0)
      return `${accounts} but no active group administrator: nobody can create, change or reactivate staff accounts`;
    return `${accounts}, ${activeAdministrators} of them active group administrator${activeAdministrators === 1 ? "" : "s"}; sign in at /staff/login`;
  }
  if (bootstrap.kind === "created")
    return `created the group administrator ${bootstrap.email} from STAFF_BOOTSTRAP_EMAIL; sign in at /staff/login`;
  return "no staff accounts yet: open the set-up link in the log line 'staff set-up link' (valid 24 hours) to create the first administrator";
}
