CREATE TABLE "lead_work_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"status" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_work_status" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"lead_kind" text NOT NULL,
	"dealer_id" integer NOT NULL,
	"status" text NOT NULL,
	"first_response_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" integer,
	"updated_by_label" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_work_notes" ADD CONSTRAINT "lead_work_notes_actor_id_staff_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_work_status" ADD CONSTRAINT "lead_work_status_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_work_status" ADD CONSTRAINT "lead_work_status_updated_by_id_staff_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_work_notes_lead_idx" ON "lead_work_notes" USING btree ("lead_id","at");--> statement-breakpoint
CREATE INDEX "lead_work_status_dealer_idx" ON "lead_work_status" USING btree ("dealer_id","status");