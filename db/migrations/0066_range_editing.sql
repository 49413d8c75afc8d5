CREATE TABLE "range_brochures" (
	"id" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "range_colours" ADD COLUMN "paint_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "range_colours" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "range_gallery" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "range_gallery" ADD COLUMN "colour_id" integer;--> statement-breakpoint
ALTER TABLE "range_models" ADD COLUMN "state" text DEFAULT 'on_sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "range_models" ADD COLUMN "successor_id" integer;--> statement-breakpoint
ALTER TABLE "range_models" ADD COLUMN "headline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "range_models" ADD COLUMN "body_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "range_models" ADD COLUMN "specifications" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "range_models" ADD COLUMN "brochure_id" text;--> statement-breakpoint
ALTER TABLE "range_variants" ADD COLUMN "fuel" text DEFAULT 'Petrol' NOT NULL;--> statement-breakpoint
ALTER TABLE "range_variants" ADD COLUMN "engine" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "range_colours" ADD CONSTRAINT "range_colours_image_id_stored_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."stored_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "range_gallery" ADD CONSTRAINT "range_gallery_image_id_stored_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."stored_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "range_gallery" ADD CONSTRAINT "range_gallery_colour_id_range_colours_id_fk" FOREIGN KEY ("colour_id") REFERENCES "public"."range_colours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "range_models" ADD CONSTRAINT "range_models_successor_id_range_models_id_fk" FOREIGN KEY ("successor_id") REFERENCES "public"."range_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "range_models" ADD CONSTRAINT "range_models_brochure_id_range_brochures_id_fk" FOREIGN KEY ("brochure_id") REFERENCES "public"."range_brochures"("id") ON DELETE no action ON UPDATE no action;