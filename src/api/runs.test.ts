import { describe, expect, it } from 'vitest';
import type { Run, RunsAnswer } from '../../contract/runs';
import { loadedRuns, runsListOptions } from './runs';

const run = (id: number) => ({ id }) as Run;
const page = (ids: number[], total: number): RunsAnswer => ({ runs: ids.map(run), total });

describe('the runs list, page by page', () => {
  const nextOffset = (pages: RunsAnswer[]) => {
    const options = runsListOptions({ status: 'active' });
    return options.getNextPageParam(pages.at(-1)!, pages, 0, []);
  };

  it('asks the page after the loaded runs until the total is loaded, or a page comes back empty', () => {
    expect(nextOffset([page([5, 4], 5)])).toBe(2);
    expect(nextOffset([page([5, 4], 5), page([3, 2], 5)])).toBe(4);
    expect(nextOffset([page([5, 4], 5), page([3, 2], 5), page([1], 5)])).toBeUndefined();
    expect(nextOffset([page([5, 4], 5), page([], 5)])).toBeUndefined();
  });

  it('keys a list by its filters alone, under the runs prefix the staleness map patches', () => {
    expect(runsListOptions({ status: 'Cancelled', type: 'Brands' }).queryKey).toEqual([
      'runs',
      'page',
      { status: 'Cancelled', type: 'Brands' },
    ]);
  });

  it('lists a run once when a run queued between two requests shifted the later page onto it', () => {
    const data = { pages: [page([5, 4], 6), page([4, 3], 6)], pageParams: [0, 2] };
    expect(loadedRuns(data).map((r) => r.id)).toEqual([5, 4, 3]);
    expect(loadedRuns(undefined)).toEqual([]);
  });
});
