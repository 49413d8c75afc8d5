CREATE TABLE "used_vehicle_counts" (
	"dealer_id" integer NOT NULL,
	"make_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"fuel_type" text NOT NULL,
	"transmission" text NOT NULL,
	"state" text NOT NULL,
	"vehicles" integer NOT NULL,
	CONSTRAINT "used_vehicle_counts_pk" PRIMARY KEY("dealer_id","make_id","model_id","fuel_type","transmission","state")
);
--> statement-breakpoint
DROP INDEX "used_vehicles_price_idx";--> statement-breakpoint
DROP INDEX "used_vehicles_mileage_idx";--> statement-breakpoint
DROP INDEX "used_vehicles_year_idx";--> statement-breakpoint
DROP INDEX "used_vehicles_facets_idx";--> statement-breakpoint
CREATE INDEX "used_vehicles_list_id_idx" ON "used_vehicles" USING btree ("id","dealer_id","make_id","model_id","fuel_type","transmission","state");--> statement-breakpoint
CREATE INDEX "used_vehicles_list_price_idx" ON "used_vehicles" USING btree ("price","id","dealer_id","make_id","model_id","fuel_type","transmission","state");--> statement-breakpoint
CREATE INDEX "used_vehicles_list_mileage_idx" ON "used_vehicles" USING btree ("mileage_km","id","dealer_id","make_id","model_id","fuel_type","transmission","state");--> statement-breakpoint
CREATE INDEX "used_vehicles_list_year_idx" ON "used_vehicles" USING btree ("year","id","dealer_id","make_id","model_id","fuel_type","transmission","state");