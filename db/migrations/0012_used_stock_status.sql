-- Only Available and Reserved vehicles are public (issue 15): the listing's covering indexes become partial
-- on that condition (the page query carries the same literal condition, so PostgreSQL can use them).
CREATE INDEX "used_vehicles_public_id_idx" ON "used_vehicles" USING btree ("id","dealer_id","make_id","model_id","fuel_type","transmission","state") WHERE "used_vehicles"."status" in ('Available', 'Reserved');--> statement-breakpoint
CREATE INDEX "used_vehicles_public_price_idx" ON "used_vehicles" USING btree ("price","id","dealer_id","make_id","model_id","fuel_type","transmission","state") WHERE "used_vehicles"."status" in ('Available', 'Reserved');--> statement-breakpoint
CREATE INDEX "used_vehicles_public_mileage_idx" ON "used_vehicles" USING btree ("mileage_km","id","dealer_id","make_id","model_id","fuel_type","transmission","state") WHERE "used_vehicles"."status" in ('Available', 'Reserved');--> statement-breakpoint
CREATE INDEX "used_vehicles_public_year_idx" ON "used_vehicles" USING btree ("year","id","dealer_id","make_id","model_id","fuel_type","transmission","state") WHERE "used_vehicles"."status" in ('Available', 'Reserved');--> statement-breakpoint
-- The whole-table indexes they replace: an instance of the previous release still answers its listing
-- correctly without them (slower, and mostly from memory), so dropping them is safe during a rolling deploy.
DROP INDEX "used_vehicles_list_id_idx";--> statement-breakpoint
DROP INDEX "used_vehicles_list_price_idx";--> statement-breakpoint
DROP INDEX "used_vehicles_list_mileage_idx";--> statement-breakpoint
DROP INDEX "used_vehicles_list_year_idx";--> statement-breakpoint
-- used_vehicle_counts counts public vehicles only: the listing's totals and the filter panel's counts.
CREATE OR REPLACE FUNCTION used_vehicle_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO used_vehicle_counts AS c (dealer_id, make_id, model_id, fuel_type, transmission, state, vehicles)
  SELECT dealer_id, make_id, model_id, fuel_type, transmission, state, count(*)
  FROM added_rows WHERE status IN ('Available', 'Reserved')
  GROUP BY dealer_id, make_id, model_id, fuel_type, transmission, state
  ON CONFLICT (dealer_id, make_id, model_id, fuel_type, transmission, state)
  DO UPDATE SET vehicles = c.vehicles + excluded.vehicles;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION used_vehicle_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE used_vehicle_counts AS c SET vehicles = c.vehicles - r.n
  FROM (
    SELECT dealer_id, make_id, model_id, fuel_type, transmission, state, count(*) AS n
    FROM removed_rows WHERE status IN ('Available', 'Reserved')
    GROUP BY dealer_id, make_id, model_id, fuel_type, transmission, state
  ) AS r
  WHERE c.dealer_id = r.dealer_id AND c.make_id = r.make_id AND c.model_id = r.model_id
    AND c.fuel_type = r.fuel_type AND c.transmission = r.transmission AND c.state = r.state;
  DELETE FROM used_vehicle_counts WHERE vehicles <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The counts as they now should be (the table is locked so that no write slips between the two statements).
LOCK TABLE used_vehicles IN SHARE MODE;--> statement-breakpoint
DELETE FROM used_vehicle_counts;--> statement-breakpoint
INSERT INTO used_vehicle_counts (dealer_id, make_id, model_id, fuel_type, transmission, state, vehicles)
SELECT dealer_id, make_id, model_id, fuel_type, transmission, state, count(*)
FROM used_vehicles WHERE status IN ('Available', 'Reserved')
GROUP BY dealer_id, make_id, model_id, fuel_type, transmission, state;--> statement-breakpoint
-- updated_at follows every change of a vehicle's row (the sitemap's lastmod), whoever makes it: the back
-- office, a stock feed or an operator.
CREATE FUNCTION used_vehicles_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER used_vehicles_touch BEFORE UPDATE ON used_vehicles
  FOR EACH ROW EXECUTE FUNCTION used_vehicles_touch();--> statement-breakpoint

-- The back office's stock list: most recently changed first, per dealer or all (core/inventory/stock-admin.ts).
CREATE INDEX "used_vehicles_dealer_updated_idx" ON "used_vehicles" USING btree ("dealer_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "used_vehicles_updated_idx" ON "used_vehicles" USING btree ("updated_at","id");
