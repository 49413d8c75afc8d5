-- Keeps used_vehicle_counts exact: statement-level triggers add and remove whole statements' rows at once.
CREATE FUNCTION used_vehicle_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO used_vehicle_counts AS c (dealer_id, make_id, model_id, fuel_type, transmission, state, vehicles)
  SELECT dealer_id, make_id, model_id, fuel_type, transmission, state, count(*)
  FROM added_rows GROUP BY dealer_id, make_id, model_id, fuel_type, transmission, state
  ON CONFLICT (dealer_id, make_id, model_id, fuel_type, transmission, state)
  DO UPDATE SET vehicles = c.vehicles + excluded.vehicles;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION used_vehicle_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE used_vehicle_counts AS c SET vehicles = c.vehicles - r.n
  FROM (
    SELECT dealer_id, make_id, model_id, fuel_type, transmission, state, count(*) AS n
    FROM removed_rows GROUP BY dealer_id, make_id, model_id, fuel_type, transmission, state
  ) AS r
  WHERE c.dealer_id = r.dealer_id AND c.make_id = r.make_id AND c.model_id = r.model_id
    AND c.fuel_type = r.fuel_type AND c.transmission = r.transmission AND c.state = r.state;
  DELETE FROM used_vehicle_counts WHERE vehicles <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION used_vehicle_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM used_vehicle_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER used_vehicle_counts_on_insert AFTER INSERT ON used_vehicles
  REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION used_vehicle_counts_add();
--> statement-breakpoint
CREATE TRIGGER used_vehicle_counts_on_delete AFTER DELETE ON used_vehicles
  REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION used_vehicle_counts_remove();
--> statement-breakpoint
CREATE TRIGGER used_vehicle_counts_on_update_remove AFTER UPDATE ON used_vehicles
  REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION used_vehicle_counts_remove();
--> statement-breakpoint
CREATE TRIGGER used_vehicle_counts_on_update_add AFTER UPDATE ON used_vehicles
  REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION used_vehicle_counts_add();
--> statement-breakpoint
CREATE TRIGGER used_vehicle_counts_on_truncate AFTER TRUNCATE ON used_vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION used_vehicle_counts_clear();
--> statement-breakpoint
-- Counts for the stock already in the table.
INSERT INTO used_vehicle_counts (dealer_id, make_id, model_id, fuel_type, transmission, state, vehicles)
SELECT dealer_id, make_id, model_id, fuel_type, transmission, state, count(*)
FROM used_vehicles GROUP BY dealer_id, make_id, model_id, fuel_type, transmission, state;
