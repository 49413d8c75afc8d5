ALTER TABLE "enquiries" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "held_fill_ms" integer;--> statement-breakpoint
CREATE INDEX "enquiries_held_idx" ON "enquiries" USING btree ("dealer_id","created_at") WHERE "enquiries"."held_reason" is not null;