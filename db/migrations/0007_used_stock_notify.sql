-- Tells listeners (the server's in-memory used-stock index) that what the used listing shows has changed:
-- one notification per statement, and PostgreSQL folds a transaction's notifications into one at commit.
CREATE FUNCTION used_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('used_stock_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER used_stock_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON used_vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION used_stock_changed();
--> statement-breakpoint
CREATE TRIGGER used_stock_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON used_vehicle_images
  FOR EACH STATEMENT EXECUTE FUNCTION used_stock_changed();
--> statement-breakpoint
CREATE TRIGGER used_stock_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON makes
  FOR EACH STATEMENT EXECUTE FUNCTION used_stock_changed();
--> statement-breakpoint
CREATE TRIGGER used_stock_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON models
  FOR EACH STATEMENT EXECUTE FUNCTION used_stock_changed();
--> statement-breakpoint
CREATE TRIGGER used_stock_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dealers
  FOR EACH STATEMENT EXECUTE FUNCTION used_stock_changed();
