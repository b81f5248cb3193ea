-- A run that holds tokens (docs/decisions/0004-token-ledger-and-holds.md) is never deleted: its hold would stay
-- counted in its payer's held_tokens with no run left to release it. Deleting its category or subcategory (whose
-- foreign keys cascade to the run) is refused the same way, as a restrict violation (23001), until the run ends.
-- A run holding nothing still goes with them as before.
CREATE FUNCTION "generation_runs_keep_holds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Generation run % holds % tokens: it must end before it, its category or its subcategory is deleted.',
    OLD."id", OLD."held_tokens"
    USING ERRCODE = 'restrict_violation', TABLE = 'generation_runs';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "generation_runs_keep_holds"
  BEFORE DELETE ON "generation_runs"
  FOR EACH ROW WHEN (OLD."held_tokens" > 0)
  EXECUTE FUNCTION "generation_runs_keep_holds"();
