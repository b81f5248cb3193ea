import { describe, expect, it } from 'vitest';
import { sameViewState } from './view-state';

describe('a saved view and the grid it shows', () => {
  const view = { q: 'cat', sort: 'name', dir: 'asc' as const, columns: ['name', 'status'] };

  it('differs when only the review filter differs, and matches when it is the same', () => {
    expect(sameViewState({ ...view, review: 'unreviewed' }, { ...view, review: 'unreviewed' })).toBe(true);
    expect(sameViewState({ ...view, review: 'unreviewed' }, view)).toBe(false);
    expect(sameViewState({ ...view, review: 'accepted' }, { ...view, review: 'rejected' })).toBe(false);
    expect(sameViewState(view, { ...view })).toBe(true);
  });
});
