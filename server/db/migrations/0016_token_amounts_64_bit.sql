-- Token amounts are 64-bit (docs/decisions/0004-token-ledger-and-holds.md): a balance, its holds, a ledger row and a
-- run's counts and costs. As 32-bit integers a balance stopped at 2,147,483,647 tokens: the purchase past it was paid
-- and refused by the database. The server reads them as JavaScript numbers (safe integers up to 2^53 - 1).
--
-- PostgreSQL refuses to change the type of a column a trigger names (generation_runs_touch, migration 0012, lists
-- the run's token columns in its UPDATE OF), so each such trigger is kept as written, dropped, and made again after.
DO $$
DECLARE
  kept text[];
  dependent record;
  definition text;
BEGIN
  SELECT coalesce(array_agg(DISTINCT pg_get_triggerdef(t.oid)), '{}') INTO kept
  FROM pg_trigger t
  JOIN pg_depend d ON d.classid = 'pg_trigger'::regclass AND d.objid = t.oid AND d.refobjsubid > 0
  JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
  WHERE NOT t.tgisinternal
    AND (d.refobjid = 'users'::regclass AND a.attname IN ('tokens', 'held_tokens', 'confirm_runs_from')
      OR d.refobjid = 'token_ledger'::regclass AND a.attname IN ('delta', 'balance_after')
      OR d.refobjid = 'generation_runs'::regclass
        AND a.attname IN ('input_tokens', 'output_tokens', 'total_tokens', 'max_tokens', 'charged_tokens', 'held_tokens'));

  FOR dependent IN
    SELECT DISTINCT t.tgname, t.tgrelid::regclass AS on_table
    FROM pg_trigger t
    WHERE NOT t.tgisinternal AND pg_get_triggerdef(t.oid) = ANY (kept)
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', dependent.tgname, dependent.on_table);
  END LOOP;

  ALTER TABLE "users"
    ALTER COLUMN "tokens" SET DATA TYPE bigint,
    ALTER COLUMN "held_tokens" SET DATA TYPE bigint,
    ALTER COLUMN "confirm_runs_from" SET DATA TYPE bigint;
  ALTER TABLE "token_ledger"
    ALTER COLUMN "delta" SET DATA TYPE bigint,
    ALTER COLUMN "balance_after" SET DATA TYPE bigint;
  ALTER TABLE "generation_runs"
    ALTER COLUMN "input_tokens" SET DATA TYPE bigint,
    ALTER COLUMN "output_tokens" SET DATA TYPE bigint,
    ALTER COLUMN "total_tokens" SET DATA TYPE bigint,
    ALTER COLUMN "max_tokens" SET DATA TYPE bigint,
    ALTER COLUMN "charged_tokens" SET DATA TYPE bigint,
    ALTER COLUMN "held_tokens" SET DATA TYPE bigint;

  FOREACH definition IN ARRAY kept LOOP
    EXECUTE definition;
  END LOOP;
END $$;
