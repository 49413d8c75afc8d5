-- The used stock in memory follows the one change notification (decision 040): every table the used listing
-- reads gets migration 0019's `data_changed` trigger (makes, models and dealers have it already).
-- Additive: migration 0007's used_stock_changed triggers stay until a later release drops them (docs/deploy.md),
-- so that instances of the previous release, still listening on used_stock_changed, keep hearing changes.
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON used_vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON used_vehicle_images
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON image_renditions
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON used_vehicle_price_changes
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
