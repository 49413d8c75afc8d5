CREATE TABLE "do_not_contact" (
	"blind_index" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_application_identifiers" (
	"application_id" uuid NOT NULL,
	"blind_index" text NOT NULL,
	CONSTRAINT "finance_application_identifiers_pk" PRIMARY KEY("application_id","blind_index")
);
--> statement-breakpoint
CREATE TABLE "pending_file_erasures" (
	"path" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finance_applications" ADD COLUMN "identifiers_indexed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finance_applications" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finance_application_identifiers" ADD CONSTRAINT "finance_application_identifiers_application_id_finance_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."finance_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_application_identifiers_index_idx" ON "finance_application_identifiers" USING btree ("blind_index");