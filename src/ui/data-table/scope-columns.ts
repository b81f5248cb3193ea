import type { GridColumnSetting } from '../../../contract/grid-settings';
import { layoutOf, settingsOf, type ColumnLayout } from './layout';

/**
 * Columns that repeat the page's scope yield to the columns an operator decides on
 * (docs/decisions/0023-scope-columns-yield-to-decision-columns.md). A column whose `meta.scope` says it shows the same
 * value on every row (the Category of one category's events) starts hidden while both hold:
 * - the operator's settings say nothing of it (no stored setting names it, no `cols` in the URL: a shared link or a
 *   saved view names every column, so it wins);
 * - the grid's box is narrower than the columns it would show.
 * It stays in the Columns menu; once the operator shows or hides it, that is their setting like any other.
 */

/** What the rule reads of a grid: its scope columns, each column's designed width, and its box's width once known. */
export interface ScopeRule {
  scope: readonly string[];
  designedWidth: Readonly<Record<string, number>>;
  boxWidth: number | undefined;
}

/** The scope columns the rule hides from `layout` (read from `settings`). */
export function yieldingColumns(layout: ColumnLayout, settings: readonly GridColumnSetting[], rule: ScopeRule): string[] {
  if (rule.boxWidth === undefined || rule.scope.length === 0) return [];
  const named = new Set(settings.map((setting) => setting.id));
  const candidates = rule.scope.filter((id) => !named.has(id) && layout.visibility[id] !== false);
  if (candidates.length === 0) return [];
  const total = layout.order
    .filter((id) => layout.visibility[id] !== false)
    .reduce((sum, id) => sum + (layout.sizing[id] ?? rule.designedWidth[id] ?? 0), 0);
  return rule.boxWidth < total ? candidates : [];
}

/** The layout the settings describe, the yielding scope columns hidden; and which those are. */
export function shownLayoutOf(settings: readonly GridColumnSetting[], defined: readonly string[], rule: ScopeRule) {
  const layout = layoutOf(settings, defined);
  const yielded = yieldingColumns(layout, settings, rule);
  if (yielded.length === 0) return { layout, yielded };
  const visibility = { ...layout.visibility };
  for (const id of yielded) visibility[id] = false;
  return { layout: { ...layout, visibility }, yielded };
}

/**
 * The settings to keep after the operator changed `before` (the settings the change started from) into `next`, a
 * layout in which the rule had hidden `yielded`. A yielded column still hidden was not the operator's choice: it stays
 * out of the settings (the rule keeps deciding it). A scope column the operator shows, or had shown, is kept as shown
 * even when the rest is as designed (the settings would otherwise be none, and the rule would hide it again).
 */
export function settingsAfterChange(
  next: ColumnLayout,
  before: readonly GridColumnSetting[],
  defined: readonly string[],
  yielded: readonly string[],
  scope: readonly string[],
): GridColumnSetting[] {
  const untouched = new Set(yielded.filter((id) => next.visibility[id] === false));
  const visibility = Object.fromEntries(Object.entries(next.visibility).filter(([id]) => !untouched.has(id)));
  const named = new Set(before.filter((setting) => !setting.hidden).map((setting) => setting.id));
  const chosen = scope.some((id) => !untouched.has(id) && next.visibility[id] !== false && (next.visibility[id] === true || named.has(id)));
  return settingsOf({ ...next, visibility }, defined, chosen).filter((setting) => !untouched.has(setting.id));
}

/** What the grid's parts outside `useDataTable` reach of it: the width of its box, and "Reset columns". */
export interface GridSpace {
  setBoxWidth: (width: number) => void;
  reset: () => void;
}

const spaces = new WeakMap<object, GridSpace>();

/** Called by `useDataTable` for its table (the functions are stable). */
export function registerGridSpace(table: object, space: GridSpace) {
  spaces.set(table, space);
}

export function gridSpaceOf(table: object): GridSpace | undefined {
  return spaces.get(table);
}
