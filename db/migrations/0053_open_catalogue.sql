-- Issue 38: the open catalogue's old names (aliases) and addresses (redirects) of makes and models renamed or merged (additive).
CREATE TABLE "make_aliases" (
	"name_key" text PRIMARY KEY NOT NULL,
	"make_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "make_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"make_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_redirects" (
	"make_id" integer NOT NULL,
	"slug" text NOT NULL,
	"model_id" integer NOT NULL,
	CONSTRAINT "model_redirects_make_id_slug_pk" PRIMARY KEY("make_id","slug")
);
--> statement-breakpoint
ALTER TABLE "make_aliases" ADD CONSTRAINT "make_aliases_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_redirects" ADD CONSTRAINT "make_redirects_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_redirects" ADD CONSTRAINT "model_redirects_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_redirects" ADD CONSTRAINT "model_redirects_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;