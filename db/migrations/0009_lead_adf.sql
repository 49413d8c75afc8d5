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
--> statement-breakpoint
-- A demo database seeded before this migration gets the CRM address the seed now gives every dealer.
INSERT INTO "dealer_lead_channels" ("dealer_id", "kind", "target", "lead_kind", "format")
SELECT d."id", 'email', 'crm@' || d."slug" || '.example.co.za', 'all', 'adf' FROM "dealers" d
WHERE EXISTS (SELECT 1 FROM "dealer_lead_channels" c WHERE c."dealer_id" = d."id" AND c."target" = 'leads@' || d."slug" || '.example.co.za')
  AND NOT EXISTS (SELECT 1 FROM "dealer_lead_channels" c WHERE c."dealer_id" = d."id" AND c."kind" = 'email' AND c."format" = 'adf');
