CREATE TABLE "dealer_former_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "published_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "body_markdown" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_former_slugs" ADD CONSTRAINT "dealer_former_slugs_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_image_id_stored_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."stored_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The public site follows a dealer's former slugs (permanent redirects): its read model is told of changes
-- like the other tables public pages read (migration 0019, decision 034).
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dealer_former_slugs
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
--> statement-breakpoint
-- Posts written before issue 16 were published on their publish date (South African time).
UPDATE blog_posts SET published_at = (publish_date::timestamp AT TIME ZONE 'Africa/Johannesburg'), updated_at = now();
