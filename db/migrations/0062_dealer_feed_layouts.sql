CREATE TABLE "dealer_feed_layouts" (
	"dealer_id" integer NOT NULL,
	"layout" text NOT NULL,
	"headers" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"value_maps" jsonb NOT NULL,
	"ignored" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_feed_layouts_pk" PRIMARY KEY("dealer_id","layout")
);
--> statement-breakpoint
ALTER TABLE "dealer_feed_layouts" ADD CONSTRAINT "dealer_feed_layouts_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_feed_layouts" ADD CONSTRAINT "dealer_feed_layouts_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;