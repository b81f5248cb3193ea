import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriesAnswer } from '../../contract/categories';
import type { TestApp } from '../test/app';
import { createTestApp } from '../test/app';
import { availableEngines } from '../test/databases';
import { seedScale, type ScaleSummary } from './scale';

const engines = await availableEngines();

/** The scale seed, small: the same SQL as `npm run seed:scale`, with counts a test can afford. */
describe.each(engines)('seed:scale on %s', (engine) => {
  let t: TestApp;
  let summary: ScaleSummary;
  beforeAll(async () => {
    t = await createTestApp(engine);
    summary = await seedScale(t.database.db, {
      categories: 3,
      subcategoriesPerCategory: 4,
      largeSubcategoryBrands: 40,
      brandsPerSubcategory: 2,
      modelsPerLargeBrand: 3,
      equipments: 200,
      events: 31,
      brandStatuses: 10,
      excludedEquipments: 5,
      excludedBrands: 2,
      operator: { email: 'scale@example.com', password: 'scale-password', tokens: 5000 },
    });
  });
  afterAll(() => t.close());

  it('makes the catalogue it was asked for', () => {
    expect(summary).toMatchObject({ categories: 3, subcategories: 12, brands: 40 + 11 * 2, equipments: 200, events: 31 });
  });

  it('leaves every counter equal to a count', async () => {
    const db = t.database.db;
    const rows = (
      (await db.execute(sql`
        select
          (select count(*)::int from subcategories s where s.brands_count <> (select count(*) from brands b where b.subcategory_id = s.id)) as brands,
          (select count(*)::int from subcategories s where s.equipments_count <> (select count(*) from equipments e where e.subcategory_id = s.id)) as equipments,
          (select count(*)::int from brands b where b.equipments_count <> (select count(*) from equipments e where e.brand_id = b.id)) as models,
          (select count(*)::int from categories c where c.events_count <> (select count(*) from events e where e.category_id = c.id)) as events,
          (select count(*)::int from equipment_exclusions) as excluded_models,
          (select count(*)::int from brand_exclusions) as excluded_brands,
          (select brands_count from subcategories where id = ${summary.largeSubcategoryId}) as large`)) as unknown as {
        rows: Record<string, number>[];
      }
    ).rows[0];
    expect(rows).toEqual({ brands: 0, equipments: 0, models: 0, events: 0, excluded_models: 5, excluded_brands: 2, large: 40 });
  });

  it('can be signed in to and served', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'scale@example.com', password: 'scale-password' },
    });
    expect(login.statusCode).toBe(200);
    const res = await t.app.inject({
      url: `/api/categories?subcategory_id=${summary.largeSubcategoryId}`,
      headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` },
    });
    expect(res.statusCode).toBe(200);
    const body = categoriesAnswer.parse(res.json());
    expect(body.brands_total).toBe(40);
    expect(body.brands).toHaveLength(40);
    expect(body.categories).toHaveLength(3);
  });
});
