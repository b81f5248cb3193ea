import { sql } from 'drizzle-orm';
import { likelyDuplicateThreshold, textArray } from '../catalogue/name-matching';
import type { Executor } from '../db/client';

/** The name of a target a fresh item came close to, and how close (pg_trgm's similarity, rounded to 2 decimals). */
export interface LikelyDuplicate {
  id: number;
  score: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * For each fresh name (by its near form, name-normal-form.ts `nearNameForm`), the closest of the target's names
 * (`taken`, by theirs: every row, excluded and rejected ones included) whose near form has a trigram similarity of at least
 * `likelyDuplicateThreshold`, the lowest id among equals; answered by the index of the fresh name.
 *
 * The near forms are worked out in JavaScript (accents, legal forms, company words: more than SQL can), so the names'
 * trigram indexes, which hold the names as typed, cannot serve: the target's near forms go into a temporary table
 * with a trigram index of its own, dropped at once, and all the fresh names are looked up in it by one query, each
 * taking its best match through the index (`%` at the threshold). 5,000 fresh names against 20,000 take 1.5-1.7 s
 * with the rest of the check on PGlite (docs/figures.md, `npm run bench -- --only duplicate_check`).
 */
export async function likelyDuplicates(
  tx: Executor,
  fresh: readonly string[],
  taken: readonly { id: number; nearForm: string }[],
): Promise<Map<number, LikelyDuplicate>> {
  const found = new Map<number, LikelyDuplicate>();
  if (fresh.length === 0 || taken.length === 0) return found;
  // Dropped below, and on commit or rollback whatever happens.
  await tx.execute(sql`create temporary table near_names (id integer not null, form text not null) on commit drop`);
  await tx.execute(sql`insert into near_names (id, form)
    select id, form from unnest(${`{${taken.map((row) => row.id).join(',')}}`}::int[], ${textArray(taken.map((row) => row.nearForm))}::text[]) as t(id, form)
    where form <> ''`);
  await tx.execute(sql`create index on near_names using gin (form gin_trgm_ops)`);
  // `%` reads its threshold from this setting (for this transaction only), a double it compares the similarity (a
  // real) with: the threshold as a real, or a similarity of exactly 0.7 would fall short of 0.7.
  await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(Math.fround(likelyDuplicateThreshold))}, true)`);
  const rows = rowsOf<{ n: number; id: number; score: number }>(
    await tx.execute(sql`select f.n, best.id, best.score
      from unnest(${textArray(fresh)}::text[]) with ordinality as f(form, n)
      cross join lateral (
        select near_names.id, similarity(near_names.form, f.form) as score from near_names
        where f.form <> '' and near_names.form % f.form and similarity(near_names.form, f.form) >= ${likelyDuplicateThreshold}::real
        order by score desc, near_names.id limit 1
      ) as best`),
  );
  for (const row of rows) found.set(Number(row.n) - 1, { id: Number(row.id), score: Math.round(Number(row.score) * 100) / 100 });
  await tx.execute(sql`drop table near_names`);
  return found;
}
