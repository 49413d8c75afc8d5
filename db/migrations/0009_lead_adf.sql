ALTER TABLE "dealers" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "vehicle_year" smallint;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "sent_adf" text;--> statement-breakpoint
-- Existing dealers: "112 Rivonia Road, Sandown, Sandton, 2196" gives street "112 Rivonia Road, Sandown" and postal code 2196.
UPDATE "dealers" SET
  "postal_code" = substring("address" from '(\d{4})\s*$'),
  "street" = regexp_replace("address", ',\s*[^,]*,\s*\d{4}\s*$', '')
WHERE "street" IS NULL AND "address" ~ ',\s*[^,]*,\s*\d{4}\s*$';--> statement-breakpoint
-- E-mail channels so far received a readable summary (with the ADF attached): they keep doing so (decision 015).
UPDATE "dealer_lead_channels" SET "format" = 'readable' WHERE "kind" = 'email' AND "format" = 'adf';
