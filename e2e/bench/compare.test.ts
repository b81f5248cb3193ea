import { describe, expect, it } from 'vitest';
import { compareFigures, formatChanges } from './compare';

describe('comparing two bench runs', () => {
  const before = { api: { pglite: { p99_ms: 40, ok: true } }, bundles: { login_gzip: 160_433 }, old_section: { ms: 5 } };
  const after = { api: { pglite: { p99_ms: 30, ok: true } }, bundles: { login_gzip: 160_433 }, new_section: { ms: 7 } };

  it('lists each figure that moved with its change, and the figures only one run has', () => {
    expect(compareFigures(before, after)).toEqual([
      { path: 'api.pglite.p99_ms', before: 40, after: 30, delta: -10, percent: -25 },
      { path: 'new_section.ms', before: undefined, after: 7 },
      { path: 'old_section.ms', before: 5, after: undefined },
    ]);
  });

  it('prints one line a change, and says so when nothing moved', () => {
    expect(formatChanges(compareFigures(before, after)).split('\n')).toEqual([
      'api.pglite.p99_ms  40 -> 30  (-10, -25.0%)',
      'new_section.ms     — -> 7  (new)',
      'old_section.ms     5 -> —  (gone)',
    ]);
    expect(formatChanges(compareFigures(after, after))).toBe('No figure changed.');
  });

  it('reads array items and texts as figures too', () => {
    expect(compareFigures({ runs: [{ verdict: 'met' }] }, { runs: [{ verdict: 'missed' }] })).toEqual([
      { path: 'runs.0.verdict', before: 'met', after: 'missed' },
    ]);
  });
});
