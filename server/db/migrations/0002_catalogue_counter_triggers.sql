-- Counter columns (0001) kept by statement-level triggers, so that the category tree reads its counts without counting
-- (GET /api/categories at catalogue scale) and whoever inserts rows (screens, generation jobs, seeds) keeps them
-- right without knowing. Statement-level with transition tables: a bulk insert updates each counter once.
CREATE FUNCTION "catalogue_count_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "categories" c SET "events_count" = c."events_count" + d.n
    FROM (SELECT "category_id" AS id, count(*)::int AS n FROM new_rows GROUP BY 1) d WHERE c."id" = d.id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "categories" c SET "events_count" = c."events_count" - d.n
    FROM (SELECT "category_id" AS id, count(*)::int AS n FROM old_rows GROUP BY 1) d WHERE c."id" = d.id;
  ELSE
    UPDATE "categories" c SET "events_count" = c."events_count" + d.n
    FROM (
      SELECT id, sum(n)::int AS n FROM (
        SELECT "category_id" AS id, count(*) AS n FROM new_rows GROUP BY 1
        UNION ALL SELECT "category_id", -count(*) FROM old_rows GROUP BY 1
      ) x GROUP BY id HAVING sum(n) <> 0
    ) d WHERE c."id" = d.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "events_count_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_events"();
--> statement-breakpoint
CREATE TRIGGER "events_count_update" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_events"();
--> statement-breakpoint
CREATE TRIGGER "events_count_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_events"();
--> statement-breakpoint
CREATE FUNCTION "catalogue_count_brands"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "subcategories" s SET "brands_count" = s."brands_count" + d.n
    FROM (SELECT "subcategory_id" AS id, count(*)::int AS n FROM new_rows GROUP BY 1) d WHERE s."id" = d.id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "subcategories" s SET "brands_count" = s."brands_count" - d.n
    FROM (SELECT "subcategory_id" AS id, count(*)::int AS n FROM old_rows GROUP BY 1) d WHERE s."id" = d.id;
  ELSE
    UPDATE "subcategories" s SET "brands_count" = s."brands_count" + d.n
    FROM (
      SELECT id, sum(n)::int AS n FROM (
        SELECT "subcategory_id" AS id, count(*) AS n FROM new_rows GROUP BY 1
        UNION ALL SELECT "subcategory_id", -count(*) FROM old_rows GROUP BY 1
      ) x GROUP BY id HAVING sum(n) <> 0
    ) d WHERE s."id" = d.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "brands_count_insert" AFTER INSERT ON "brands" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_brands"();
--> statement-breakpoint
CREATE TRIGGER "brands_count_update" AFTER UPDATE ON "brands" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_brands"();
--> statement-breakpoint
CREATE TRIGGER "brands_count_delete" AFTER DELETE ON "brands" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_brands"();
--> statement-breakpoint
CREATE FUNCTION "catalogue_count_equipments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "subcategories" s SET "equipments_count" = s."equipments_count" + d.n
    FROM (SELECT "subcategory_id" AS id, count(*)::int AS n FROM new_rows GROUP BY 1) d WHERE s."id" = d.id;
    UPDATE "brands" b SET "equipments_count" = b."equipments_count" + d.n
    FROM (SELECT "brand_id" AS id, count(*)::int AS n FROM new_rows WHERE "brand_id" IS NOT NULL GROUP BY 1) d WHERE b."id" = d.id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "subcategories" s SET "equipments_count" = s."equipments_count" - d.n
    FROM (SELECT "subcategory_id" AS id, count(*)::int AS n FROM old_rows GROUP BY 1) d WHERE s."id" = d.id;
    UPDATE "brands" b SET "equipments_count" = b."equipments_count" - d.n
    FROM (SELECT "brand_id" AS id, count(*)::int AS n FROM old_rows WHERE "brand_id" IS NOT NULL GROUP BY 1) d WHERE b."id" = d.id;
  ELSE
    UPDATE "subcategories" s SET "equipments_count" = s."equipments_count" + d.n
    FROM (
      SELECT id, sum(n)::int AS n FROM (
        SELECT "subcategory_id" AS id, count(*) AS n FROM new_rows GROUP BY 1
        UNION ALL SELECT "subcategory_id", -count(*) FROM old_rows GROUP BY 1
      ) x GROUP BY id HAVING sum(n) <> 0
    ) d WHERE s."id" = d.id;
    UPDATE "brands" b SET "equipments_count" = b."equipments_count" + d.n
    FROM (
      SELECT id, sum(n)::int AS n FROM (
        SELECT "brand_id" AS id, count(*) AS n FROM new_rows WHERE "brand_id" IS NOT NULL GROUP BY 1
        UNION ALL SELECT "brand_id", -count(*) FROM old_rows WHERE "brand_id" IS NOT NULL GROUP BY 1
      ) x GROUP BY id HAVING sum(n) <> 0
    ) d WHERE b."id" = d.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "equipments_count_insert" AFTER INSERT ON "equipments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_equipments"();
--> statement-breakpoint
CREATE TRIGGER "equipments_count_update" AFTER UPDATE ON "equipments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_equipments"();
--> statement-breakpoint
CREATE TRIGGER "equipments_count_delete" AFTER DELETE ON "equipments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_equipments"();
--> statement-breakpoint
UPDATE "categories" c SET "events_count" = (SELECT count(*) FROM "events" e WHERE e."category_id" = c."id");
--> statement-breakpoint
UPDATE "subcategories" s SET
  "brands_count" = (SELECT count(*) FROM "brands" b WHERE b."subcategory_id" = s."id"),
  "equipments_count" = (SELECT count(*) FROM "equipments" e WHERE e."subcategory_id" = s."id");
--> statement-breakpoint
UPDATE "brands" b SET "equipments_count" = (SELECT count(*) FROM "equipments" e WHERE e."brand_id" = b."id");
--> statement-breakpoint
-- A version of what the category tree and the status lists are made of: every statement that changes categories,
-- subcategories (their counters included), statuses or brands takes a new number. The server keeps those answers
-- in memory and reuses them while the number stands (server/catalogue/answer-cache.ts). A sequence, so that
-- writers never wait on each other for it.
CREATE SEQUENCE "catalogue_version";
--> statement-breakpoint
CREATE FUNCTION "catalogue_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalogue_version');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "categories_touch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_touch"();
--> statement-breakpoint
CREATE TRIGGER "subcategories_touch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subcategories"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_touch"();
--> statement-breakpoint
CREATE TRIGGER "statuses_touch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "statuses"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_touch"();
--> statement-breakpoint
CREATE TRIGGER "brands_touch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_touch"();
