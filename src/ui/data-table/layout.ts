import { gridColumnWidth, type GridColumnSetting } from '../../../contract/grid-settings';

/**
 * A grid's column layout (docs/product.md#grids) as TanStack Table's states (order, visibility, sizing), and as the
 * operator's settings the server keeps (contract/grid-settings.ts). Settings name columns by id: a column the grid
 * no longer has is dropped, a column it gained since takes its designed place.
 */
export interface ColumnLayout {
  order: string[];
  visibility: Record<string, boolean>;
  sizing: Record<string, number>;
}

/** The layout the settings describe, over the grid's columns as defined (`defined`: their ids in design order). */
export function layoutOf(settings: readonly GridColumnSetting[], defined: readonly string[]): ColumnLayout {
  const known = new Set(defined);
  const order = settings.map((s) => s.id).filter((id) => known.has(id));
  const placed = new Set(order);
  defined.forEach((id, index) => {
    if (placed.has(id)) return;
    // After the column defined before it (or first), so a new column appears where the grid's design puts it.
    const before = index === 0 ? -1 : order.indexOf(defined[index - 1] ?? '');
    order.splice(before + 1, 0, id);
    placed.add(id);
  });
  const visibility: Record<string, boolean> = {};
  const sizing: Record<string, number> = {};
  for (const setting of settings) {
    if (!known.has(setting.id)) continue;
    if (setting.hidden) visibility[setting.id] = false;
    if (setting.width !== null) sizing[setting.id] = setting.width;
  }
  return { order, visibility, sizing };
}

const clampWidth = (width: number) => Math.min(gridColumnWidth.max, Math.max(gridColumnWidth.min, Math.round(width)));

/**
 * The settings to keep for a layout; none when it is the grid as designed (what "Reset columns" leaves), unless
 * `keep` (every column's setting kept, as the operator chose it).
 */
export function settingsOf(layout: ColumnLayout, defined: readonly string[], keep = false): GridColumnSetting[] {
  const known = new Set(defined);
  const ids = [...layout.order.filter((id) => known.has(id)), ...defined.filter((id) => !layout.order.includes(id))];
  const settings = ids.map((id) => {
    const width = layout.sizing[id];
    return { id, hidden: layout.visibility[id] === false, width: width === undefined ? null : clampWidth(width) };
  });
  const designed = settings.every((s, index) => s.id === defined[index] && !s.hidden && s.width === null);
  return designed && !keep ? [] : settings;
}

/**
 * The order with `id` moved one place earlier (-1) or later (+1) among the columns that may move (pinned columns
 * keep their edge); unchanged at either end.
 */
export function moveColumn(order: readonly string[], id: string, by: -1 | 1, movable: (id: string) => boolean): string[] {
  const from = order.indexOf(id);
  if (from < 0 || !movable(id)) return [...order];
  let to = from + by;
  while (to >= 0 && to < order.length && !movable(order[to] ?? '')) to += by;
  if (to < 0 || to >= order.length) return [...order];
  const next = [...order];
  next[from] = order[to] ?? id;
  next[to] = id;
  return next;
}

/**
 * The settings that show `visible` (a shared link's or a saved view's columns, in order) over the operator's own
 * `settings`: their widths are kept; every other column the operator may hide is hidden. A column that cannot be
 * hidden (pinned, a checkbox) and is not named keeps its designed place; an id the grid does not have is ignored.
 */
export function settingsShowing(
  visible: readonly string[],
  settings: readonly GridColumnSetting[],
  defined: readonly string[],
  hideable: ReadonlySet<string>,
): GridColumnSetting[] {
  const known = new Set(defined);
  const widthOf = (id: string) => settings.find((s) => s.id === id)?.width ?? null;
  const shown = visible.filter((id) => known.has(id));
  const hidden = defined.filter((id) => hideable.has(id) && !shown.includes(id));
  return [
    ...shown.map((id) => ({ id, hidden: false, width: widthOf(id) })),
    ...hidden.map((id) => ({ id, hidden: true, width: widthOf(id) })),
  ];
}
