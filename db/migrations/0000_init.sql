CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"image_uri" text NOT NULL,
	"button_url" text NOT NULL,
	"button_text" text DEFAULT 'Explore more' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"publish_date" date NOT NULL,
	"image_uri" text NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"meta_title" text NOT NULL,
	"meta_description" text NOT NULL,
	"keywords" text,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"dealer_name" text NOT NULL,
	"contact_no" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"location" text NOT NULL,
	"dp_name" text NOT NULL,
	"dp_email" text NOT NULL,
	"dp_contact_no" text NOT NULL,
	"business_hours" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dealers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"dealer_id" integer,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"thumbnail" text NOT NULL,
	"image" text NOT NULL,
	"valid_until" date NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deals_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dealer_id" integer NOT NULL,
	"form_name" text NOT NULL,
	"lead_type" text NOT NULL,
	"source" text,
	"status" text DEFAULT 'Queued' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"cell_phone" text NOT NULL,
	"make" text NOT NULL,
	"model" text,
	"variant" text,
	"vin_no" text,
	"part_no" text,
	"message" text,
	"contact" boolean NOT NULL,
	"terms" boolean NOT NULL,
	"consent" boolean NOT NULL,
	"is_used" smallint NOT NULL,
	"uri" text NOT NULL,
	"special_slug" text,
	"used_vehicle_id" integer,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "finance_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dealer_id" integer NOT NULL,
	"source_code" text NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"vehicle_variant" text NOT NULL,
	"make" text,
	"model" text,
	"encrypted_payload" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_applications_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "makes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "makes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" serial PRIMARY KEY NOT NULL,
	"make_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "range_colours" (
	"id" serial PRIMARY KEY NOT NULL,
	"range_model_id" integer NOT NULL,
	"name" text NOT NULL,
	"color_code" text NOT NULL,
	"image" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "range_gallery" (
	"id" serial PRIMARY KEY NOT NULL,
	"range_model_id" integer NOT NULL,
	"image" text NOT NULL,
	"alt" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "range_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"main_image" text NOT NULL,
	"brochure" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "range_models_model_id_unique" UNIQUE("model_id")
);
--> statement-breakpoint
CREATE TABLE "range_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"range_model_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"price" integer NOT NULL,
	"power_kw" integer NOT NULL,
	"torque_nm" integer NOT NULL,
	"transmission" text NOT NULL,
	"transmission_type" text NOT NULL,
	"term_months" integer DEFAULT 72 NOT NULL,
	"interest_rate" integer DEFAULT 12 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_vehicle_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"uri" text NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"make_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"variant" text NOT NULL,
	"year" smallint NOT NULL,
	"mileage_km" integer NOT NULL,
	"price" integer NOT NULL,
	"transmission" text NOT NULL,
	"fuel_type" text NOT NULL,
	"state" text NOT NULL,
	"exterior_color" text NOT NULL,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_applications" ADD CONSTRAINT "finance_applications_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "range_colours" ADD CONSTRAINT "range_colours_range_model_id_range_models_id_fk" FOREIGN KEY ("range_model_id") REFERENCES "public"."range_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "range_gallery" ADD CONSTRAINT "range_gallery_range_model_id_range_models_id_fk" FOREIGN KEY ("range_model_id") REFERENCES "public"."range_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "range_models" ADD CONSTRAINT "range_models_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "range_variants" ADD CONSTRAINT "range_variants_range_model_id_range_models_id_fk" FOREIGN KEY ("range_model_id") REFERENCES "public"."range_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_vehicle_images" ADD CONSTRAINT "used_vehicle_images_vehicle_id_used_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."used_vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_vehicles" ADD CONSTRAINT "used_vehicles_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_vehicles" ADD CONSTRAINT "used_vehicles_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_vehicles" ADD CONSTRAINT "used_vehicles_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_type_idx" ON "banners" USING btree ("type","sort_order");--> statement-breakpoint
CREATE INDEX "blog_posts_publish_idx" ON "blog_posts" USING btree ("publish_date","id");--> statement-breakpoint
CREATE INDEX "deals_kind_dealer_idx" ON "deals" USING btree ("kind","dealer_id","sort_order");--> statement-breakpoint
CREATE INDEX "enquiries_dealer_created_idx" ON "enquiries" USING btree ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "enquiries_status_idx" ON "enquiries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "finance_applications_created_idx" ON "finance_applications" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "models_make_slug_uq" ON "models" USING btree ("make_id","slug");--> statement-breakpoint
CREATE INDEX "range_models_type_idx" ON "range_models" USING btree ("type","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "range_variants_model_slug_uq" ON "range_variants" USING btree ("range_model_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "used_vehicle_images_vehicle_pos_uq" ON "used_vehicle_images" USING btree ("vehicle_id","position");--> statement-breakpoint
CREATE INDEX "used_vehicles_make_model_idx" ON "used_vehicles" USING btree ("make_id","model_id","id");--> statement-breakpoint
CREATE INDEX "used_vehicles_dealer_idx" ON "used_vehicles" USING btree ("dealer_id","id");--> statement-breakpoint
CREATE INDEX "used_vehicles_price_idx" ON "used_vehicles" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "used_vehicles_mileage_idx" ON "used_vehicles" USING btree ("mileage_km","id");--> statement-breakpoint
CREATE INDEX "used_vehicles_year_idx" ON "used_vehicles" USING btree ("year","id");--> statement-breakpoint
CREATE INDEX "used_vehicles_facets_idx" ON "used_vehicles" USING btree ("fuel_type","transmission","state");