CREATE TABLE "price_list_layouts" (
	"layout" text PRIMARY KEY NOT NULL,
	"code_column" integer NOT NULL,
	"price_column" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "range_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"range_variant_id" integer NOT NULL,
	"price" integer NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_list_layouts" ADD CONSTRAINT "price_list_layouts_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "range_prices" ADD CONSTRAINT "range_prices_range_variant_id_range_variants_id_fk" FOREIGN KEY ("range_variant_id") REFERENCES "public"."range_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "range_prices" ADD CONSTRAINT "range_prices_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "range_prices_variant_instant_uq" ON "range_prices" USING btree ("range_variant_id","effective_at");--> statement-breakpoint
-- Public pages read prices through the range's read model (core/catalogue/ranges.ts): a price change notifies
-- every instance as the other range tables do (migration 0019).
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON range_prices
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
