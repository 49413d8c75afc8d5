-- One change notification for everything the public site holds in memory (core/shared/change-notifications.ts,
-- core/shared/read-model.ts): every statement that changes one of these tables notifies `data_changed` with the
-- table's name; PostgreSQL folds a transaction's identical notifications into one at commit. A table added
-- later that a public page reads gets the same trigger (`EXECUTE FUNCTION data_changed()`).
-- Additive: migration 0007's used_stock_changed triggers stay as they are.
CREATE FUNCTION data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dealers
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON deals
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_posts
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON makes
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON models
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON range_models
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON range_variants
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON range_colours
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON range_gallery
  FOR EACH STATEMENT EXECUTE FUNCTION data_changed();
