import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as catalogueBrands from '../catalogue/brands';
import type { TestApp } from '../test/app';
import { catalogueApp } from '../test/catalogue';
import { availableEngines } from '../test/databases';

// Counts the brand pages built: the route calls this module's listBrandsPage.
vi.mock('../catalogue/brands', async (importOriginal) => {
  const actual = await importOriginal<typeof catalogueBrands>();
  return { ...actual, listBrandsPage: vi.fn(actual.listBrandsPage) };
});

const engines = await availableEngines();

describe.each(engines)('one build for many callers, on %s (docs/figures.md)', (engine) => {
  let t: TestApp;
  let headers: { authorization: string };
  let subcategoryId: number;

  beforeAll(async () => {
    let ids;
    ({ t, headers, ids } = await catalogueApp(engine));
    subcategoryId = await ids.subcategory('Excavators');
  });
  afterAll(() => t.close());

  it('the same call asked by many operators at once is built once, and each gets the whole answer', async () => {
    const built = vi.mocked(catalogueBrands.listBrandsPage);
    built.mockClear();
    const url = `/api/brands?subcategory_id=${subcategoryId}&limit=3&sort=created_at&dir=desc`;
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.app.inject({ method: 'GET', url, headers })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json<{ brands: unknown[] }>().brands).toHaveLength(3);
    expect(built).toHaveBeenCalledTimes(1);
  });
});
