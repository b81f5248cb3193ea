import { categories, brands, subcategories } from '../../server/db/schema';
import { openDatabase } from '../../server/db/client';
import { checkBrandNames } from '../../server/generation/store';
import { isMainModule, printFigures } from './run-alone';

/**
 * The duplicate check a run makes before storing (server/generation/store.ts, near-duplicates.ts) at scale: a
 * subcategory of 20,000 brands, and 5,000 proposed names checked against them at once (the exact normal-form match,
 * then the likely duplicates by trigram similarity), on PGlite. A fifth of the proposed names are other spellings
 * of names there (a company word added, a letter dropped, another case), the rest new. Run alone:
 * `npx tsx e2e/bench/duplicate-check.ts` (BENCH_DUPLICATE_TAKEN, BENCH_DUPLICATE_FRESH change the sizes).
 */

const takenCount = Number(process.env.BENCH_DUPLICATE_TAKEN ?? 20_000);
const freshCount = Number(process.env.BENCH_DUPLICATE_FRESH ?? 5_000);
const budget = { seconds: 2 } as const;

/** A fixed sequence of numbers in [0, 1) (mulberry32), so that every run checks the same names. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Made-up maker names: two or three syllables, sometimes a second word, as varied as a real subcategory's. */
function nameMaker(next: () => number) {
  const pick = (letters: string) => letters[Math.floor(next() * letters.length)] ?? 'a';
  const syllables = Array.from(
    { length: 3000 },
    () =>
      `${pick('bcdfghjklmnprstvwxz')}${pick('aeiouy')}${next() < 0.5 ? pick('bcdfghjklmnprstvwxz') : ''}${next() < 0.3 ? pick('aeiouy') : ''}`,
  );
  const words = ['', '', '', '', '', ' Tech', ' Tools', ' Motors', ' Agri', ' Hydraulics'];
  return () => {
    let name = '';
    for (let count = 2 + Math.floor(next() * 2); count > 0; count -= 1) name += syllables[Math.floor(next() * syllables.length)] ?? '';
    return `${name.charAt(0).toUpperCase()}${name.slice(1)}${words[Math.floor(next() * words.length)] ?? ''}`;
  };
}

/** Another spelling of a name: a company word added, its last letter dropped, or upper case. */
function variant(name: string, next: () => number): string {
  const choice = next();
  if (choice < 0.4) return `${name} Group`;
  if (choice < 0.7) return name.slice(0, -1);
  return name.toUpperCase();
}

export async function benchDuplicateCheck() {
  const database = await openDatabase({ memory: true });
  try {
    const { db } = database;
    const next = sequence(2026);
    const makeName = nameMaker(next);
    const taken = Array.from({ length: takenCount }, makeName);
    const proposed = Array.from({ length: freshCount }, (_, index) =>
      index % 5 === 0 ? variant(taken[Math.floor(next() * taken.length)] ?? 'Name', next) : makeName(),
    );
    const [category] = await db.insert(categories).values({ name: 'Bench' }).returning({ id: categories.id });
    const [subcategory] = await db
      .insert(subcategories)
      .values({ categoryId: category?.id ?? 0, name: 'Duplicate check' })
      .returning({ id: subcategories.id });
    const subcategoryId = subcategory?.id ?? 0;
    for (let start = 0; start < taken.length; start += 5_000) {
      await db.insert(brands).values(taken.slice(start, start + 5_000).map((name) => ({ subcategoryId, name })));
    }
    const started = performance.now();
    const checked = await db.transaction((tx) => checkBrandNames(tx, subcategoryId, proposed));
    const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
    return {
      taken: takenCount,
      proposed: freshCount,
      fresh: checked.fresh.length,
      known: checked.known,
      duplicates: checked.duplicates,
      likely_duplicates: checked.likely.size,
      seconds,
      budget_seconds: budget.seconds,
      budget_met: seconds <= budget.seconds,
    };
  } finally {
    await database.close();
  }
}

if (isMainModule(import.meta.url)) printFigures(benchDuplicateCheck);
