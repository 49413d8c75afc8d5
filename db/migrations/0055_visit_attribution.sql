CREATE TABLE "campaign_spend" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_counts_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"dealer_id" integer NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "page_counts_daily_day_kind_subject_dealer_id_source_medium_campaign_pk" PRIMARY KEY("day","kind","subject","dealer_id","source","medium","campaign")
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "finance_applications" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_spend" ADD CONSTRAINT "campaign_spend_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_spend" ADD CONSTRAINT "campaign_spend_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_spend_period_idx" ON "campaign_spend" USING btree ("period_start","period_end");--> statement-breakpoint
CREATE INDEX "page_counts_daily_kind_day_idx" ON "page_counts_daily" USING btree ("kind","day");