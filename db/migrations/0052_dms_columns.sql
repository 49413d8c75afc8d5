-- Issue 38: a used vehicle's M&M code and registration from the dealer's system, and a feed key's saved column mapping (additive).
CREATE TABLE "feed_column_profiles" (
	"feed_key_id" integer PRIMARY KEY NOT NULL,
	"columns" jsonb NOT NULL,
	"value_maps" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "used_vehicles" ADD COLUMN "mm_code" text;--> statement-breakpoint
ALTER TABLE "used_vehicles" ADD COLUMN "registration" text;--> statement-breakpoint
ALTER TABLE "feed_column_profiles" ADD CONSTRAINT "feed_column_profiles_feed_key_id_dealer_feed_keys_id_fk" FOREIGN KEY ("feed_key_id") REFERENCES "public"."dealer_feed_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_column_profiles" ADD CONSTRAINT "feed_column_profiles_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;