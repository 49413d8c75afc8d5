CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"dealer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_enquiry_id_unique" UNIQUE("enquiry_id")
);
--> statement-breakpoint
CREATE TABLE "trade_in_photos" (
	"enquiry_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"image_id" text NOT NULL,
	CONSTRAINT "trade_in_photos_enquiry_id_position_pk" PRIMARY KEY("enquiry_id","position")
);
--> statement-breakpoint
CREATE TABLE "trade_ins" (
	"enquiry_id" uuid PRIMARY KEY NOT NULL,
	"mileage_km" integer NOT NULL,
	"condition" text NOT NULL,
	"outstanding_finance" boolean NOT NULL,
	"trade_in" boolean NOT NULL,
	"towards_used_vehicle_id" integer
);
--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "test_drive_capacity" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "service_capacity" smallint DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_images" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_in_photos" ADD CONSTRAINT "trade_in_photos_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_in_photos" ADD CONSTRAINT "trade_in_photos_image_id_stored_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."stored_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD CONSTRAINT "trade_ins_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_dealer_slot_idx" ON "appointments" USING btree ("dealer_id","kind","starts_at");