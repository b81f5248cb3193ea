import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  exclusionImportOutcome,
  exclusionImportPreview,
  type ExclusionImportOutcome,
  type ExclusionImportPreview,
} from '../../contract/exclusion-import';
import type { ErrorAnswer } from '../../contract/http';
import { channels, realtimeEvents } from '../../contract/realtime';
import { brandExclusions, brands, equipmentExclusions, equipments, subcategories } from '../db/schema';
import type { TestApp } from '../test/app';
import { catalogueApp, databaseDigest, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

const previewPath = '/api/exclusions/import/preview';
const applyPath = '/api/exclusions/import';

describe.each(engines)('importing exclusions from a CSV file on %s', (engine) => {
  let t: TestApp;
  let ids: DemoIds;
  let auth: { authorization: string };
  /** The second brand named Genelec (in Microphones), so that the name alone is ambiguous. */
  let otherGenelec: number;

  beforeAll(async () => {
    ({ t, ids, headers: auth } = await catalogueApp(engine));
    const [row] = await t.database.db
      .insert(brands)
      .values({ name: 'Genelec', subcategoryId: await ids.subcategory('Microphones') })
      .returning({ id: brands.id });
    otherGenelec = row?.id ?? 0;
  });
  afterAll(() => t.close());

  const send = (url: string, body: string | Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...auth, 'content-type': 'text/csv', ...headers }, payload: body });
  const preview = async (csv: string) => {
    const res = await send(previewPath, csv);
    expect(res.statusCode, res.body).toBe(200);
    return exclusionImportPreview.parse(res.json()) as ExclusionImportPreview;
  };
  const apply = async (csv: string) => {
    const res = await send(applyPath, csv);
    expect(res.statusCode, res.body).toBe(200);
    return exclusionImportOutcome.parse(res.json()) as ExclusionImportOutcome;
  };
  const excludedBrandIds = async () =>
    (await t.database.db.select({ id: brandExclusions.brandId }).from(brandExclusions)).map((r) => r.id).sort();

  it('previews a brands file: one match, several, none, already excluded and repeats; and changes nothing', async () => {
    const before = await databaseDigest(t.database.db);
    const csv = ['Brand', 'Neumann', 'Genelec', 'genelec,Studio Monitors', 'Nobody Audio', 'HITACHI', 'neumann', ''].join('\n');
    const csvWithSubcategory = csv.replace('Brand', 'brand, Subcategory ');
    const answer = await preview(csvWithSubcategory);
    expect(answer).toMatchObject({ kind: 'brands', rows: 6, duplicates: 1, to_exclude: 2 });
    expect(answer.matched.total).toBe(2);
    expect(answer.matched.lines).toEqual([
      {
        line: 2,
        brand: 'Neumann',
        model: null,
        subcategory: null,
        matches: [
          {
            id: await ids.brand('Neumann'),
            brand: 'Neumann',
            model: null,
            subcategory: 'Studio Monitors',
            category: 'Audio Equipment',
            excluded: false,
          },
        ],
        match_count: 1,
      },
      expect.objectContaining({ line: 4, brand: 'genelec', subcategory: 'Studio Monitors', match_count: 1 }),
    ]);
    expect(answer.several).toEqual({
      total: 1,
      lines: [expect.objectContaining({ line: 3, brand: 'Genelec', match_count: 2 })],
    });
    expect(answer.several.lines[0]?.matches.map((m) => m.subcategory).sort()).toEqual(['Microphones', 'Studio Monitors']);
    expect(answer.none).toEqual({
      total: 1,
      lines: [expect.objectContaining({ line: 5, brand: 'Nobody Audio', matches: [], match_count: 0 })],
    });
    expect(answer.already).toEqual({ total: 1, lines: [expect.objectContaining({ line: 6, brand: 'HITACHI', match_count: 1 })] });
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('applies a brands file in one go: excludes the unambiguous matches only, and counts what it did', async () => {
    const studioGenelec = await ids.brand('Genelec');
    const csv = 'brand,subcategory\r\nNeumann,\r\nGenelec,\r\ngenelec,studio monitors\r\nNobody Audio,\r\nHitachi,\r\nneumann,\r\n';
    const outcome = await apply(csv);
    expect(outcome).toEqual({
      kind: 'brands',
      excluded: 2,
      already_excluded: 1,
      skipped_several: 1,
      skipped_none: 1,
      duplicates: 1,
      message:
        '2 brands excluded; 1 line already excluded; 1 line skipped: several brands have that name; 1 line skipped: no brand has that name.',
      undo: { change_id: expect.any(Number) },
    });
    const excluded = await excludedBrandIds();
    expect(excluded).toEqual([await ids.brand('Hitachi'), await ids.brand('Neumann'), studioGenelec].sort());
    expect(excluded).not.toContain(otherGenelec);
    // Again: nothing left to exclude, and the counts say so; nothing to undo either.
    expect(await apply(csv)).toMatchObject({ excluded: 0, already_excluded: 3, skipped_several: 1, skipped_none: 1, undo: null });
  });

  it('an import is one exclusion change: undoing it takes back exactly what it excluded', async () => {
    await t.database.db.delete(brandExclusions);
    const hitachi = await ids.brand('Hitachi');
    await t.database.db.insert(brandExclusions).values({ brandId: hitachi });
    const outcome = await apply('brand\nNeumann\nHitachi\ngenelec,\n'.replace('genelec,', 'Nobody Audio'));
    expect(outcome).toMatchObject({ excluded: 1, already_excluded: 1 });
    expect(await excludedBrandIds()).toEqual([hitachi, await ids.brand('Neumann')].sort());

    const undo = await t.app.inject({ method: 'POST', url: `/api/exclusion-changes/${outcome.undo!.change_id}/undo`, headers: auth });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toEqual({ message: 'Undone: Neumann removed from the exclusion list again.', restored: 1, skipped: 0 });
    // Hitachi, excluded before the import, stays excluded.
    expect(await excludedBrandIds()).toEqual([hitachi]);
  });

  it('previews and applies a models file: every model of that brand and model name, case aside', async () => {
    const csv = '\uFEFFbrand,model\nShure,sm7db\nCaterpillar,M318\nGenelec,No Such Model\nAdam Audio,A7V\n';
    const answer = await preview(csv);
    expect(answer).toMatchObject({ kind: 'models', rows: 4, duplicates: 0, to_exclude: 2 });
    expect(answer.matched.lines.map((l) => [l.line, l.matches.map((m) => `${m.brand} - ${m.model}`)])).toEqual([
      [2, ['Shure - SM7dB']],
      [5, ['Adam Audio - A7V']],
    ]);
    expect(answer.already.lines.map((l) => l.line)).toEqual([3]);
    expect(answer.none.lines.map((l) => l.line)).toEqual([4]);
    expect(answer.several.total).toBe(0);
    const outcome = await apply(csv);
    expect(outcome).toMatchObject({ kind: 'models', excluded: 2, already_excluded: 1, skipped_several: 0, skipped_none: 1 });
    expect(outcome.message).toBe('2 models excluded; 1 line already excluded; 1 line skipped: no model has that name.');
    const excluded = await t.database.db
      .select({ brand: equipments.brand, model: equipments.model })
      .from(equipmentExclusions)
      .innerJoin(equipments, eq(equipments.id, equipmentExclusions.equipmentId));
    expect(excluded.map((e) => `${e.brand} - ${e.model}`)).toEqual(expect.arrayContaining(['Shure - SM7dB', 'Adam Audio - A7V']));
  });

  it('answers a small preview of a big file: the counts whole, each list cut at 200', async () => {
    const names = Array.from({ length: 50_000 }, (_, i) => `Unknown brand ${i}`);
    const answer = await preview(`brand\n${names.join('\n')}\n`);
    expect(answer.rows).toBe(50_000);
    expect(answer.none.total).toBe(50_000);
    expect(answer.none.lines).toHaveLength(200);
    expect(answer.none.lines[199]).toMatchObject({ line: 201, brand: 'Unknown brand 199' });
  });

  it('announces a few brands one by one, many brands and any models by subcategory: never one event a row', async () => {
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    try {
      const [mixing] = await t.database.db
        .select({ id: subcategories.id })
        .from(subcategories)
        .where(eq(subcategories.name, 'Mixing Consoles'));
      const mixingId = mixing?.id ?? 0;
      const many = Array.from({ length: 30 }, (_, i) => ({ name: `Console maker ${i}`, subcategoryId: mixingId }));
      await t.database.db.insert(brands).values(many);
      await apply('brand\nShure\n');
      await apply(`brand\n${many.map((b) => b.name).join('\n')}\n`);
      await apply('brand,model\nGenelec,8341A\nGenelec,8030C\nJCB,457 ZX\n');
      expect(publish.mock.calls).toEqual([
        [channels.brand, realtimeEvents.updateBrand, { brand_id: await ids.brand('Shure') }],
        [channels.equipments, realtimeEvents.statusesChanged, { subcategory_ids: [mixingId] }],
        [
          channels.equipments,
          realtimeEvents.statusesChanged,
          { subcategory_ids: [await ids.subcategory('Wheel Loaders'), await ids.subcategory('Studio Monitors')].sort((a, b) => a - b) },
        ],
      ]);
    } finally {
      publish.mockRestore();
    }
  });

  describe('refusals: each changes nothing', () => {
    let before: string;
    beforeAll(async () => {
      before = await databaseDigest(t.database.db);
    });

    const refused = async (res: { statusCode: number; body: string }, status: number, message: RegExp) => {
      expect(res.statusCode, res.body).toBe(status);
      expect((JSON.parse(res.body) as ErrorAnswer).message).toMatch(message);
      expect(await databaseDigest(t.database.db)).toBe(before);
    };

    const badFiles: [string, string | Buffer, RegExp][] = [
      ['not UTF-8 (Latin-1)', Buffer.from('brand\nBr\u00fcel & Kj\u00e6r\n', 'latin1'), /^The file is not UTF-8 text/],
      ['empty', '', /^The file is empty\./],
      ['only blank lines', '\n \n\n', /^The file is empty\./],
      ['without a header', 'Neumann\nAdam Audio\n', /^The first line must be the header\. .*"Neumann" is not a column name\.$/],
      ['with an unknown column', 'brand,colour\nNeumann,red\n', /"colour" is not a column name/],
      ['separated by semicolons', 'brand;model\nGenelec;8341A\n', /"brand;model" is not a column name/],
      ['without a brand column', 'model\n8341A\n', /^The header has no brand column\./],
      ['naming a column twice', 'brand,Brand\nA,B\n', /^The header names the brand column twice\.$/],
      ['with a header only', 'brand,model\n', /^The file has a header but no rows\.$/],
      ['with a missing model', 'brand,model\nGenelec,8341A\nNeumann,\n', /^Line 3: the model is missing\.$/],
      ['with a missing brand', 'brand,subcategory\n,Studio Monitors\n', /^Line 2: the brand is missing\.$/],
      ['with too many values', 'brand\nGenelec,8341A\n', /^Line 2 has 2 values, but the header names 1 columns\.$/],
      ['with a NUL', 'brand\nGene\u0000lec\n', /^Line 2: the brand holds a NUL character\.$/],
      ['with a name too long', `brand\n${'x'.repeat(256)}\n`, /^Line 2: the brand is longer than 255 characters\.$/],
      ['with an unclosed quote', 'brand\n"Genelec\nNeumann\n', /^The file is not valid CSV: Quote Not Closed: .* line 3\.$/],
      [
        'with more than 50,000 rows',
        `brand\n${'Neumann\n'.repeat(50_001)}`,
        /^The file has more than 50,000 rows: split it into smaller files\.$/,
      ],
    ];
    it.each(badFiles)('a file %s: 422 naming what is wrong', async (_what, body, message) => {
      for (const url of [previewPath, applyPath]) {
        const res = await send(url, body);
        await refused(res, 422, message);
        expect(res.json<ErrorAnswer>().errors).toEqual({ file: [res.json<ErrorAnswer>().message] });
      }
    });

    it('a file over 2 MB (10 MB of junk): 413', async () => {
      const junk = Buffer.alloc(10 * 1024 * 1024, 0xff);
      for (const url of [previewPath, applyPath])
        await refused(await send(url, junk), 413, /^The file is larger than 2 MB: split it into smaller files\.$/);
      const justOver = `brand\n${'N'.repeat(2 * 1024 * 1024)}`;
      await refused(await send(applyPath, justOver), 413, /larger than 2 MB/);
    });

    it('a body that is not text/csv: 415', async () => {
      for (const url of [previewPath, applyPath]) {
        await refused(
          await send(url, JSON.stringify({ brand: 'Neumann' }), { 'content-type': 'application/json' }),
          415,
          /^Send the file as CSV text \(Content-Type: text\/csv\)\.$/,
        );
        await refused(await send(url, 'brand\nNeumann\n', { 'content-type': 'text/plain' }), 415, /text\/csv/);
        await refused(await send(url, 'brand=Neumann', { 'content-type': 'application/x-www-form-urlencoded' }), 415, /text\/csv/);
      }
    });

    it('a request without a body: 422, the file is empty', async () => {
      for (const url of [previewPath, applyPath]) {
        await refused(await t.app.inject({ method: 'POST', url, headers: auth }), 422, /^The file is empty\./);
      }
    });

    it('without a token: 401, whatever the file', async () => {
      for (const url of [previewPath, applyPath]) {
        for (const payload of ['brand\nNeumann\n', Buffer.alloc(3 * 1024 * 1024, 0x41)]) {
          const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'text/csv' }, payload });
          await refused(res, 401, /./);
        }
      }
    });
  });
});
