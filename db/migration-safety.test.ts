import { describe, expect, it } from "vitest";
import { ALLOW_MARKER, checkNewMigrations, rollingDeployViolations } from "./migration-safety.ts";

describe("migrations are safe for a rolling deploy", () => {
  it("no migration after 0008 drops, renames, retypes or tightens without the allow-marker", () => {
    const { violations } = checkNewMigrations();
    expect(violations).toEqual([]);
  });

  it("finds each destructive statement drizzle-kit writes, and accepts additive ones", () => {
    const generated = [
      'ALTER TABLE "enquiries" ADD COLUMN "channel" text;',
      'CREATE INDEX "enquiries_channel_idx" ON "enquiries" USING btree ("channel");',
      'ALTER TABLE "enquiries" ADD COLUMN "source_id" integer DEFAULT 0 NOT NULL;',
      'ALTER TABLE "enquiries" DROP COLUMN "variant";',
      'ALTER TABLE "enquiries" RENAME COLUMN "make" TO "brand";',
      'ALTER TABLE "enquiries" ALTER COLUMN "message" SET DATA TYPE varchar(500);',
      'ALTER TABLE "enquiries" ALTER COLUMN "email" SET NOT NULL;',
      'DROP TABLE "banners" CASCADE;',
      'ALTER TABLE "enquiries" ADD COLUMN "region" text NOT NULL;',
      "CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dealers FOR EACH STATEMENT EXECUTE FUNCTION data_changed();",
      'TRUNCATE "enquiries";',
    ].join("--> statement-breakpoint\n");
    expect(rollingDeployViolations("0009_example.sql", generated).map((v) => v.problem)).toEqual([
      "drops a column",
      "renames",
      "changes a column's type",
      "makes a column NOT NULL",
      "drops",
      "adds a NOT NULL column without a default",
      "empties a table",
    ]);
  });

  it("lets a destructive statement through when the marker above it gives the reason", () => {
    const later = `${ALLOW_MARKER} (variant unused since release 2026.12)\nALTER TABLE "enquiries" DROP COLUMN "variant";`;
    expect(rollingDeployViolations("0010_example.sql", later)).toEqual([]);
  });
});
