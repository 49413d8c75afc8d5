CREATE TABLE "alert_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"manage_token" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_addresses_email_unique" UNIQUE("email"),
	CONSTRAINT "alert_addresses_manage_token_unique" UNIQUE("manage_token")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_holder" text,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_outcome" text,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"address_id" integer NOT NULL,
	"query" text NOT NULL,
	"dealer_id" integer,
	"label" text NOT NULL,
	"confirm_token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_confirm_token_unique" UNIQUE("confirm_token")
);
--> statement-breakpoint
CREATE TABLE "used_vehicle_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"old_price" integer NOT NULL,
	"new_price" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "used_vehicles" ADD COLUMN "body_type" text DEFAULT 'Other' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_address_id_alert_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."alert_addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_vehicle_price_changes" ADD CONSTRAINT "used_vehicle_price_changes_vehicle_id_used_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."used_vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_address_idx" ON "saved_searches" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "used_vehicle_price_changes_vehicle_idx" ON "used_vehicle_price_changes" USING btree ("vehicle_id","changed_at");--> statement-breakpoint
CREATE INDEX "used_vehicle_price_changes_at_idx" ON "used_vehicle_price_changes" USING btree ("changed_at");--> statement-breakpoint
-- Every writer of a price (back office, feed import, plain SQL) leaves its history (issue 17).
CREATE FUNCTION used_vehicle_price_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO used_vehicle_price_changes (vehicle_id, old_price, new_price) VALUES (NEW.id, OLD.price, NEW.price);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER used_vehicle_price_changed AFTER UPDATE OF price ON used_vehicles
  FOR EACH ROW WHEN (OLD.price IS DISTINCT FROM NEW.price) EXECUTE FUNCTION used_vehicle_price_changed();
