CREATE TABLE "channel_feeds" (
	"dealer_id" integer NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"key_nonce" text,
	"previous_key_nonce" text,
	"previous_key_valid_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_feeds_pk" PRIMARY KEY("dealer_id","channel")
);
--> statement-breakpoint
CREATE TABLE "channel_fetches" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"channel" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text NOT NULL,
	"items" integer NOT NULL,
	"left_out" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"guarded" boolean DEFAULT false NOT NULL,
	"would_have_items" integer
);
--> statement-breakpoint
ALTER TABLE "channel_feeds" ADD CONSTRAINT "channel_feeds_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_fetches" ADD CONSTRAINT "channel_fetches_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_fetches_dealer_channel_idx" ON "channel_fetches" USING btree ("dealer_id","channel","fetched_at");