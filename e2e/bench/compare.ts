/**
 * docs/figures.md: a bench run is kept as a JSON file, and a run given the previous file says how each figure
 * moved. Figures are compared leaf by leaf on their path (`api.pglite.p99_ms`); texts and booleans are shown
 * when they changed; a figure only one of the runs has is listed as new or gone.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One figure of a run: its dotted path and its value. */
export type Leaf = [path: string, value: Json];

export function leavesOf(value: Json, path = ''): Leaf[] {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    return entries.flatMap(([key, item]) => leavesOf(item, path === '' ? key : `${path}.${key}`));
  }
  return [[path, value]];
}

export interface FigureChange {
  path: string;
  before: Json | undefined;
  after: Json | undefined;
  /** after - before, for numbers both runs have. */
  delta?: number;
  /** The relative change in percent, when `before` is a number other than 0. */
  percent?: number;
}

/** Every figure that differs between two runs (an equal figure is left out), in the order of the newer run. */
export function compareFigures(before: Json, after: Json): FigureChange[] {
  const previous = new Map(leavesOf(before));
  const changes: FigureChange[] = [];
  const seen = new Set<string>();
  for (const [path, value] of leavesOf(after)) {
    seen.add(path);
    const old = previous.get(path);
    if (Object.is(old, value)) continue;
    if (typeof old === 'number' && typeof value === 'number') {
      const delta = value - old;
      changes.push({ path, before: old, after: value, delta, ...(old === 0 ? {} : { percent: (delta / Math.abs(old)) * 100 }) });
    } else {
      changes.push({ path, before: previous.has(path) ? old : undefined, after: value });
    }
  }
  for (const [path, old] of previous) if (!seen.has(path)) changes.push({ path, before: old, after: undefined });
  return changes;
}

const shown = (value: Json | undefined) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** One line a change: `api.pglite.p99_ms  41 -> 35  (-6, -14.6%)`. */
export function formatChanges(changes: readonly FigureChange[]): string {
  if (changes.length === 0) return 'No figure changed.';
  const width = Math.min(60, Math.max(...changes.map((change) => change.path.length)));
  return changes
    .map((change) => {
      const move =
        change.delta === undefined
          ? change.before === undefined
            ? '  (new)'
            : change.after === undefined
              ? '  (gone)'
              : ''
          : `  (${change.delta > 0 ? '+' : ''}${round(change.delta)}${change.percent === undefined ? '' : `, ${change.percent > 0 ? '+' : ''}${change.percent.toFixed(1)}%`})`;
      return `${change.path.padEnd(width)}  ${shown(change.before)} -> ${shown(change.after)}${move}`;
    })
    .join('\n');
}

const round = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
