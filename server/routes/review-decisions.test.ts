import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UndoAnswer } from '../../contract/exclusion-changes';
import { channels, realtimeEvents } from '../../contract/realtime';
import {
  rejectReasonLabels,
  reviewDecisionAnswer,
  reviewMessages,
  type ReviewDecisionAnswer,
  type ReviewDecisionBody,
  type ReviewSummaryAnswer,
} from '../../contract/review';
import { brandExclusions, brands, equipmentExclusions, equipments, events, exclusionChangeRows, reviewChangeRows } from '../db/schema';
import { insertRun, insertUnreviewedBrands, insertUnreviewedEvents, insertUnreviewedModels } from '../review/test-support/review-rows';
import type { TestApp } from '../test/app';
import { caller, catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('POST /api/review/decisions and its undo on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let userId: number;
  let other: CatalogueCall;
  const db = () => t.database.db;

  beforeAll(async () => {
    ({ t, call, ids, userId } = await catalogueApp(engine));
    other = caller(t, (await t.signIn()).headers);
  });
  afterAll(() => t.close());

  /** A run's unreviewed brands in Microphones. */
  const newBrands = async (names: string[]) => {
    const microphones = await ids.subcategory('Microphones');
    const runId = await insertRun(db(), {
      type: 'Brands',
      userId,
      categoryId: await ids.category('Audio Equipment'),
      subcategoryId: microphones,
    });
    return { runId, ids: await insertUnreviewedBrands(db(), runId, microphones, names) };
  };
  const decide = (body: ReviewDecisionBody, as: CatalogueCall = call) =>
    as<ReviewDecisionAnswer & { errors?: Record<string, string[]> }>('POST', '/api/review/decisions', body);
  const decided = async (body: ReviewDecisionBody, as: CatalogueCall = call) => {
    const res = await decide(body, as);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return reviewDecisionAnswer.parse(res.body);
  };
  const undo = (changeId: number, as: CatalogueCall = call) => as<UndoAnswer>('POST', `/api/exclusion-changes/${changeId}/undo`);
  const brandRows = (brandIds: number[]) =>
    db()
      .select({ id: brands.id, state: brands.reviewState, reason: brands.reviewReason, by: brands.reviewedBy, dup: brands.duplicateOf })
      .from(brands)
      .where(inArray(brands.id, brandIds))
      .orderBy(brands.id);
  const excludedBrands = async (brandIds: number[]) =>
    (await db().select().from(brandExclusions).where(inArray(brandExclusions.brandId, brandIds)))
      .map((row) => row.brandId)
      .sort((a, b) => a - b);
  const picked = (kind: 'brand' | 'equipment' | 'event', itemIds: number[]) => ({ items: itemIds.map((id) => ({ kind, id })) });

  it('accepts one picked item: its state, reviewer and time, the message, and one journal change', async () => {
    const {
      ids: [beyer = 0],
    } = await newBrands(['Beyerdynamic']);
    const answer = await decided({ decision: 'accept', selection: picked('brand', [beyer]) });
    expect(answer).toMatchObject({ message: 'Accepted Beyerdynamic.', decided: 1, skipped: 0 });
    expect(await brandRows([beyer])).toEqual([{ id: beyer, state: 'accepted', reason: null, by: userId, dup: null }]);
    const journal = await db()
      .select()
      .from(reviewChangeRows)
      .where(eq(reviewChangeRows.changeId, answer.undo?.change_id ?? 0));
    expect(journal).toMatchObject([
      { kind: 'brand', targetId: beyer, state: 'accepted', previousState: 'unreviewed', previousReviewedBy: null },
    ]);
    // Accepting excludes nothing.
    expect(await excludedBrands([beyer])).toEqual([]);
  });

  it('rejecting brands excludes them; undo un-excludes them and puts them back in the queue', async () => {
    const { ids: made } = await newBrands(['Audio-Technica', 'AKG', 'Electro-Voice']);
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const answer = await decided({ decision: 'reject', reason: 'not_real', selection: picked('brand', made) });
    expect(answer).toMatchObject({ message: 'Rejected 3 results: Not real.', decided: 3, skipped: 0 });
    expect((await brandRows(made)).map((row) => [row.state, row.reason])).toEqual(Array(3).fill(['rejected', 'not_real']));
    expect(await excludedBrands(made)).toEqual(made);
    const exclusionJournal = await db()
      .select()
      .from(exclusionChangeRows)
      .where(eq(exclusionChangeRows.changeId, answer.undo?.change_id ?? 0));
    expect(exclusionJournal.map((row) => row.targetId).sort((a, b) => a - b)).toEqual(made);
    const review = publish.mock.calls.find(([channel]) => channel === channels.review);
    expect(review?.[1]).toBe(realtimeEvents.reviewChanged);
    expect(review?.[2]).toMatchObject({ decided: [{ kind: 'brand', ids: made }], decided_all: false });
    expect(publish.mock.calls.filter(([channel]) => channel === channels.brand)).toHaveLength(3);
    publish.mockClear();

    const undone = await undo(answer.undo?.change_id ?? 0);
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ message: 'Undone: 3 results back in the review queue.', restored: 3, skipped: 0 });
    expect((await brandRows(made)).map((row) => [row.state, row.reason, row.by])).toEqual(Array(3).fill(['unreviewed', null, null]));
    expect(await excludedBrands(made)).toEqual([]);
    expect(publish.mock.calls.find(([channel]) => channel === channels.review)?.[2]).toMatchObject({ decided_all: true });
    publish.mockRestore();
  });

  it('rejects models as duplicates of a model (excluding them), and events as wrong category (excluding nothing)', async () => {
    const shure = await ids.brand('Shure');
    const sm7 = await ids.equipment('Shure', 'SM7dB');
    const runId = await insertRun(db(), { type: 'Equipments', userId, categoryId: await ids.category('Audio Equipment'), brandId: shure });
    const models = await insertUnreviewedModels(db(), runId, shure, ['SM7 dB']);
    const answer = await decided({ decision: 'reject', reason: 'duplicate', duplicate_of: sm7, selection: picked('equipment', models) });
    expect(answer.message).toBe(`Rejected Shure - SM7 dB: ${rejectReasonLabels.duplicate}.`);
    const [model] = await db().select().from(equipments).where(inArray(equipments.id, models));
    expect(model).toMatchObject({ reviewState: 'rejected', reviewReason: 'duplicate', duplicateOf: sm7 });
    expect(await db().select().from(equipmentExclusions).where(inArray(equipmentExclusions.equipmentId, models))).toHaveLength(1);

    const audio = await ids.category('Audio Equipment');
    const eventIds = await insertUnreviewedEvents(db(), null, audio, ['Not a fair']);
    const rejected = await decided({ decision: 'reject', reason: 'other', comment: 'A concert', selection: picked('event', eventIds) });
    expect(rejected.message).toBe('Rejected Not a fair: Other.');
    const [event] = await db().select().from(events).where(inArray(events.id, eventIds));
    expect(event).toMatchObject({ reviewState: 'rejected', reviewReason: 'other', reviewComment: 'A concert', reviewedBy: userId });
  });

  it('counts items reviewed already as skipped, and answers 409 when none of them is left to decide', async () => {
    const { ids: made } = await newBrands(['Lewitt', 'Aston']);
    await decided({ decision: 'accept', selection: picked('brand', [made[0] ?? 0]) });
    const answer = await decided({ decision: 'accept', selection: picked('brand', made) }, other);
    expect(answer).toMatchObject({ message: 'Accepted Aston. 1 was already reviewed.', decided: 1, skipped: 1 });
    const before = await databaseDigest(db());
    expect(await decide({ decision: 'reject', reason: 'not_real', selection: picked('brand', made) })).toMatchObject({
      status: 409,
      body: { message: reviewMessages.nothingToDecide },
    });
    expect(await databaseDigest(db())).toBe(before);
  });

  it('two operators deciding the same items at once decide each once: what one decided, the other skips', async () => {
    const { ids: made } = await newBrands(['Race 1', 'Race 2', 'Race 3', 'Race 4']);
    const answers = await Promise.all([
      decide({ decision: 'accept', selection: picked('brand', made) }),
      decide({ decision: 'reject', reason: 'not_real', selection: picked('brand', [...made].reverse()) }, other),
    ]);
    const done = answers.filter((res) => res.status === 200).map((res) => res.body);
    expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true);
    expect(done.reduce((sum, body) => sum + body.decided, 0)).toBe(4);
    for (const body of done) expect(body.decided + body.skipped).toBe(4);
    expect((await brandRows(made)).every((row) => row.state !== 'unreviewed')).toBe(true);
  });

  it('decides every unreviewed item matching a filter, and only those', async () => {
    const { runId, ids: made } = await newBrands(['Filter One', 'Filter Two', 'Other Name']);
    const answer = await decided({ decision: 'accept', selection: { filter: { run_id: runId, q: 'filter' } } });
    expect(answer).toMatchObject({ message: 'Accepted 2 results.', decided: 2, skipped: 0 });
    expect((await brandRows(made)).map((row) => row.state)).toEqual(['accepted', 'accepted', 'unreviewed']);
    expect(await decide({ decision: 'accept', selection: { filter: { run_id: runId, q: 'filter' } } })).toMatchObject({ status: 409 });
  });

  it('answers 404 for a picked item that does not exist and 422 for a malformed body or a bad duplicate, changing nothing', async () => {
    const { ids: made } = await newBrands(['Refused One']);
    const before = await databaseDigest(db());
    expect(
      await decide({
        decision: 'accept',
        selection: {
          items: [
            { kind: 'brand', id: made[0] ?? 0 },
            { kind: 'brand', id: 987654 },
          ],
        },
      }),
    ).toMatchObject({
      status: 404,
      body: { message: reviewMessages.itemNotFound },
    });
    expect(await decide({ decision: 'accept', selection: picked('event', [987655]) })).toMatchObject({ status: 404 });
    const refused = async (body: unknown, field: string) => {
      const res = await decide(body as ReviewDecisionBody);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).join(' '), JSON.stringify(body)).toContain(field);
    };
    await refused({ decision: 'reject', selection: picked('brand', made) }, 'reason');
    await refused({ decision: 'reject', reason: 'other', selection: picked('brand', made) }, 'comment');
    await refused({ decision: 'reject', reason: 'duplicate', selection: picked('brand', made) }, 'duplicate_of');
    await refused({ decision: 'maybe', selection: picked('brand', made) }, 'decision');
    await refused({ decision: 'accept', selection: { items: [] } }, 'selection');
    await refused({ decision: 'accept', selection: { filter: { kind: 'car' } } }, 'selection');
    const shure = await ids.brand('Shure');
    const sm7 = await ids.equipment('Shure', 'SM7dB');
    await refused(
      { decision: 'reject', reason: 'duplicate', duplicate_of: sm7 + 100000, selection: picked('brand', made) },
      'duplicate_of',
    );
    await refused({ decision: 'reject', reason: 'duplicate', duplicate_of: made[0], selection: picked('brand', made) }, 'duplicate_of');
    await refused({ decision: 'reject', reason: 'duplicate', duplicate_of: shure, selection: { filter: {} } }, 'duplicate_of');
    expect(await databaseDigest(db())).toBe(before);
  });

  it('lets another operator decide the same queue but not undo the decision; the summary counts the day', async () => {
    const { ids: made } = await newBrands(['Mine To Undo']);
    const summaryBefore = (await call<ReviewSummaryAnswer>('GET', '/api/review/summary')).body;
    const answer = await decided({ decision: 'reject', reason: 'wrong_category', selection: picked('brand', made) }, other);
    const summary = (await call<ReviewSummaryAnswer>('GET', '/api/review/summary')).body;
    expect(summary.today.decided).toBe(summaryBefore.today.decided);
    expect(summary.unreviewed.total).toBe(summaryBefore.unreviewed.total - 1);
    expect(await undo(answer.undo?.change_id ?? 0)).toMatchObject({ status: 404 });
    expect(await brandRows(made)).toMatchObject([{ state: 'rejected' }]);
    const undone = await undo(answer.undo?.change_id ?? 0, other);
    expect(undone.body).toMatchObject({ message: 'Undone: Mine To Undo back in the review queue.', restored: 1 });
    expect(await undo(answer.undo?.change_id ?? 0, other)).toMatchObject({ status: 409 });
    await decided({ decision: 'accept', selection: picked('brand', made) });
    expect((await call<ReviewSummaryAnswer>('GET', '/api/review/summary')).body.today.decided).toBe(summaryBefore.today.decided + 1);
  });

  it('an undo leaves an item decided again since as it is', async () => {
    const { ids: made } = await newBrands(['Twice A', 'Twice B']);
    const first = await decided({ decision: 'reject', reason: 'not_real', selection: picked('brand', made) });
    await undo(first.undo?.change_id ?? 0);
    const second = await decided({ decision: 'accept', selection: picked('brand', [made[0] ?? 0]) });
    // Changed outside the journal since.
    await db()
      .update(brands)
      .set({ reviewState: 'rejected' })
      .where(and(eq(brands.id, made[0] ?? 0)));
    expect((await undo(second.undo?.change_id ?? 0)).body).toMatchObject({
      restored: 0,
      skipped: 1,
      message: 'Nothing was undone: Twice A was reviewed again since (or was deleted), so it was left as it is.',
    });
  });
});
