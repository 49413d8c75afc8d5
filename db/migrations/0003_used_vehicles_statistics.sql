-- A model belongs to one make: without this the planner multiplies the two selectivities and expects
-- a make+model filter to match a fraction of the rows it does (59 estimated against 1 397 real in 100 000).
CREATE STATISTICS IF NOT EXISTS used_vehicles_make_model_stats (dependencies, ndistinct) ON make_id, model_id FROM used_vehicles;
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS used_vehicles_filters_stats (dependencies) ON make_id, fuel_type, transmission, state FROM used_vehicles;
--> statement-breakpoint
ANALYZE used_vehicles;
