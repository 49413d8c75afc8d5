ALTER TABLE "models" ADD CONSTRAINT "models_make_id_uq" UNIQUE("make_id","id");--> statement-breakpoint
ALTER TABLE "used_vehicles" ADD CONSTRAINT "used_vehicles_model_of_make_fk" FOREIGN KEY ("make_id","model_id") REFERENCES "public"."models"("make_id","id") ON DELETE no action ON UPDATE no action;
