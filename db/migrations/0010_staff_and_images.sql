CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"dealer_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_feed_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "dealer_feed_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "dealer_feed_photo_hosts" (
	"dealer_id" integer NOT NULL,
	"host" text NOT NULL,
	CONSTRAINT "dealer_feed_photo_hosts_pk" PRIMARY KEY("dealer_id","host")
);
--> statement-breakpoint
CREATE TABLE "image_renditions" (
	"hash" text PRIMARY KEY NOT NULL,
	"image_id" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_user_dealers" (
	"staff_user_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	CONSTRAINT "staff_user_dealers_pk" PRIMARY KEY("staff_user_id","dealer_id")
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "stored_images" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"original" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "used_vehicle_images" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "used_vehicle_images" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "used_vehicles" ADD COLUMN "stock_number" text;--> statement-breakpoint
ALTER TABLE "used_vehicles" ADD COLUMN "vin" text;--> statement-breakpoint
ALTER TABLE "used_vehicles" ADD COLUMN "status" text DEFAULT 'Available' NOT NULL;--> statement-breakpoint
ALTER TABLE "used_vehicles" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "used_vehicles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_staff_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_feed_keys" ADD CONSTRAINT "dealer_feed_keys_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_feed_keys" ADD CONSTRAINT "dealer_feed_keys_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_feed_photo_hosts" ADD CONSTRAINT "dealer_feed_photo_hosts_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_renditions" ADD CONSTRAINT "image_renditions_image_id_stored_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."stored_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_user_dealers" ADD CONSTRAINT "staff_user_dealers_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_user_dealers" ADD CONSTRAINT "staff_user_dealers_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "dealer_feed_keys_dealer_idx" ON "dealer_feed_keys" USING btree ("dealer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "image_renditions_image_format_width_uq" ON "image_renditions" USING btree ("image_id","format","width");--> statement-breakpoint
CREATE INDEX "staff_user_dealers_dealer_idx" ON "staff_user_dealers" USING btree ("dealer_id");--> statement-breakpoint
ALTER TABLE "used_vehicle_images" ADD CONSTRAINT "used_vehicle_images_image_id_stored_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."stored_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "used_vehicles_dealer_stock_number_uq" ON "used_vehicles" USING btree ("dealer_id","stock_number");--> statement-breakpoint
CREATE UNIQUE INDEX "used_vehicles_vin_uq" ON "used_vehicles" USING btree ("vin");