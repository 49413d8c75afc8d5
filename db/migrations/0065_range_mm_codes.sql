ALTER TABLE "range_variants" ADD COLUMN "mm_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "range_variants_mm_code_uq" ON "range_variants" USING btree ("mm_code");