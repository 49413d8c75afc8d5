import fs from "node:fs";
import path from "node:path";
import { migrationsFolder } from "./client.ts";

/**
 * Migrations must be safe for a rolling deploy: while instances of the old release still run on the
 * migrated database, nothing they use may disappear or change shape. So a release only adds (tables,
 * nullable columns or columns with defaults, indexes); dropping, renaming, retyping or tightening comes in a
 * later release, once no running code uses the old shape. A statement that does so anyway (because the
 * later release has come) carries the marker comment on the line above it, with the reason:
 *   -- rolling-deploy: destructive-ok (column x unused since release 2026.12)
 * See docs/deploy.md ("Upgrades").
 */
export const ALLOW_MARKER = "-- rolling-deploy: destructive-ok";

/** The last migration written before the rule was: older ones were never deployed on several instances. */
const LAST_UNCHECKED_MIGRATION = "0008";

const DESTRUCTIVE: Array<[RegExp, string]> = [
  [/\bDROP\s+(TABLE|VIEW|MATERIALIZED\s+VIEW|TYPE|SCHEMA|FUNCTION|SEQUENCE)\b/i, "drops"],
  [/\bALTER\s+TABLE\b[^;]*\bDROP\s+("|\w)/i, "drops a column"],
  [/\bRENAME\b/i, "renames"],
  [/\bALTER\s+COLUMN\b[^;]*\b(SET\s+DATA\s+)?TYPE\b/i, "changes a column's type"],
  [/\bSET\s+NOT\s+NULL\b/i, "makes a column NOT NULL"],
  // A TRUNCATE statement, not a trigger that fires on one (migration 0019: AFTER INSERT OR ... OR TRUNCATE).
  [/^TRUNCATE\b/i, "empties a table"],
  [/^(?![\s\S]*\bDEFAULT\b)[\s\S]*\bADD\s+COLUMN\b[^;]*\bNOT\s+NULL\b/i, "adds a NOT NULL column without a default"],
];

export type Violation = { file: string; statement: string; problem: string };

/** The statements of one migration's SQL that break the rule and carry no allow-marker. */
export function rollingDeployViolations(file: string, sqlText: string): Violation[] {
  const violations: Violation[] = [];
  // drizzle-kit separates statements with this breakpoint; a hand-written file may use plain semicolons.
  const statements = sqlText.split(/--> statement-breakpoint|;\s*\n/);
  for (const raw of statements) {
    const allowed = raw.includes(ALLOW_MARKER);
    const statement = raw
      .split("\n")
      .filter((line) => !line.trim().startsWith("--"))
      .join("\n")
      .trim();
    if (!statement || allowed) continue;
    for (const [pattern, problem] of DESTRUCTIVE) {
      if (pattern.test(statement)) {
        violations.push({ file, statement: statement.slice(0, 200), problem });
        break;
      }
    }
  }
  return violations;
}

/** Every migration after LAST_UNCHECKED_MIGRATION, checked. */
export function checkNewMigrations(folder = migrationsFolder): { checked: string[]; violations: Violation[] } {
  const files = fs
    .readdirSync(folder)
    .filter((name) => /^\d{4}_.*\.sql$/.test(name) && name.slice(0, 4) > LAST_UNCHECKED_MIGRATION)
    .sort();
  return {
    checked: files,
    violations: files.flatMap((name) =>
      rollingDeployViolations(name, fs.readFileSync(path.join(folder, name), "utf8")),
    ),
  };
}
