import { describe, expect, it } from 'vitest';
import type { ReviewItem, ReviewRun } from '../../../contract/review';
import { groupByRun, loadedItems, neighbourOf, rangeOf, refOf, shownOrder, splitFields } from './review-items';

const item = (kind: ReviewItem['kind'], id: number, runId: number | null): ReviewItem => ({
  kind,
  id,
  run_id: runId,
  name: `${kind} ${id}`,
  category: { id: 1, name: 'C' },
  subcategory: null,
  brand: null,
  fields: [],
  likely_duplicate: null,
  created_at: '2026-11-28T08:00:00.000Z',
});
const page = (items: ReviewItem[]) => ({ items, runs: [] as ReviewRun[], total: 9, next_cursor: null });

describe('the queue as the screen shows it', () => {
  it('lists every loaded result once, without the hidden ones', () => {
    const data = { pages: [page([item('brand', 1, 1), item('event', 1, 2)]), page([item('brand', 1, 1), item('brand', 2, 1)])] };
    expect(loadedItems(data, new Set(['event:1'])).map(refOf)).toEqual(['brand:1', 'brand:2']);
  });

  it('groups by run where its first result is, keeping each run together', () => {
    const items = [item('brand', 1, 1), item('event', 5, 2), item('brand', 2, 1), item('brand', 3, null)];
    const groups = groupByRun(items, new Map());
    expect(groups.map((g) => g.runId)).toEqual([1, 2, null]);
    expect(shownOrder(groups).map(refOf)).toEqual(['brand:1', 'brand:2', 'event:5', 'brand:3']);
  });

  it('goes to the next result once some leave, else the one before, else none', () => {
    const order = [1, 2, 3, 4].map((id) => item('brand', id, 1));
    expect(neighbourOf(order, new Set(['brand:2']))?.id).toBe(3);
    expect(neighbourOf(order, new Set(['brand:2', 'brand:3']))?.id).toBe(4);
    expect(neighbourOf(order, new Set(['brand:4']))?.id).toBe(3);
    expect(neighbourOf(order.slice(0, 1), new Set(['brand:1']))).toBeUndefined();
  });

  it('takes a shift-click range either way', () => {
    expect(rangeOf(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['b', 'c', 'd']);
    expect(rangeOf(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['a', 'b', 'c']);
  });

  it('shows three given fields inline and the rest in the tip', () => {
    const fields = ['A', 'B', 'C', 'D', 'E'].map((label, i) => ({ label, value: i === 1 ? null : label.toLowerCase() }));
    const { inline, rest } = splitFields(fields);
    expect(inline.map((f) => f.label)).toEqual(['A', 'C', 'D']);
    expect(rest.map((f) => f.label)).toEqual(['E']);
  });
});
