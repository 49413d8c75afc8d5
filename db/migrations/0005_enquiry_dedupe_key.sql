ALTER TABLE "enquiries" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
UPDATE "enquiries" SET "dedupe_key" = 'legacy:' || "id"::text WHERE "dedupe_key" IS NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ALTER COLUMN "dedupe_key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_dedupe_key_uq" ON "enquiries" USING btree ("dedupe_key");
