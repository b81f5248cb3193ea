import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines, freshDatabase } from '../test/databases';
import { brands, categories, subcategories } from './schema';

/** Migration 0008: a database seeded before the demo logos were SVGs points at PNGs that never existed. */
describe.each(await availableEngines())('migration 0008 (demo logos) on %s', (engine) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(engine);
  });
  afterAll(async () => database.close());

  it('rewrites the demo brands’ PNG addresses to their SVGs and leaves every other logo alone', async () => {
    const { db } = database;
    const [category] = await db.insert(categories).values({ name: 'Logos before' }).returning();
    const [subcategory] = await db.insert(subcategories).values({ categoryId: category!.id, name: 'Old seed' }).returning();
    const logos = [
      '/brand-logos/claas.png',
      '/brand-logos/volvo-ce.png',
      '/brand-logos/not-a-demo-brand.png',
      'https://cdn.example.com/claas.png',
      null,
    ];
    const rows = await db
      .insert(brands)
      .values(logos.map((logo, index) => ({ subcategoryId: subcategory!.id, name: `Brand ${index}`, logo })))
      .returning({ id: brands.id });

    const migration = await readFile(path.resolve(import.meta.dirname, 'migrations/0008_demo_logos_svg.sql'), 'utf8');
    await db.execute(sql.raw(migration));

    const after = await Promise.all(
      rows.map(async ({ id }) => (await db.select({ logo: brands.logo }).from(brands).where(eq(brands.id, id)))[0]!.logo),
    );
    expect(after).toEqual([
      '/brand-logos/claas.svg',
      '/brand-logos/volvo-ce.svg',
      '/brand-logos/not-a-demo-brand.png',
      'https://cdn.example.com/claas.png',
      null,
    ]);
  });
});
