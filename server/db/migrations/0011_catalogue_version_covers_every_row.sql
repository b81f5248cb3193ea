-- catalogue_version (migration 0002) now covers every table a catalogue answer is read from: the events, the
-- equipment items, the brands' information and both exclusion lists join categories, subcategories, statuses and brands. The server reuses
-- whole answers of the catalogue screens (brands, events and equipment pages) while the number stands
-- (server/plugins/catalogue-answers.ts), so a change to any of their rows must take a new number.
CREATE TRIGGER "events_touch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_touch"();
--> statement-breakpoint
CREATE TRIGGER "equipments_touch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "equipments"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_touch"();
--> statement-breakpoint
CREATE TRIGGER "brand_exclusions_touch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brand_exclusions"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_touch"();
--> statement-breakpoint
CREATE TRIGGER "equipment_exclusions_touch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "equipment_exclusions"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_touch"();
--> statement-breakpoint
CREATE TRIGGER "brand_informations_touch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brand_informations"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_touch"();
