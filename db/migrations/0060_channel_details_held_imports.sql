CREATE TABLE "held_stock_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"source" text NOT NULL,
	"sent_by" text NOT NULL,
	"rows" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"would_sell" integer NOT NULL,
	"stock_count" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "channel_fetches" ADD COLUMN "status" smallint DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "fb_page_id" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "used_vehicles" ADD COLUMN "features" text;--> statement-breakpoint
ALTER TABLE "held_stock_imports" ADD CONSTRAINT "held_stock_imports_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_stock_imports_dealer_idx" ON "held_stock_imports" USING btree ("dealer_id","received_at");