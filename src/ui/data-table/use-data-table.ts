import {
  functionalUpdate,
  useTable,
  type ColumnOrderState,
  type ColumnPinningState,
  type ColumnSizingState,
  type ColumnVisibilityState,
  type OnChangeFn,
  type ReactTable,
  type RowData,
  type TableOptions,
} from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { gridColumnWidth, type GridColumnSetting } from '../../../contract/grid-settings';
import type { UrlTableState } from '../use-url-table-state';
import { dataTableFeatures, type DataTableColumn, type DataTableFeatures } from './features';
import { settingsShowing, type ColumnLayout } from './layout';
import { registerGridSpace, settingsAfterChange, shownLayoutOf, type ScopeRule } from './scope-columns';

export type DataTable<TData extends RowData> = ReactTable<DataTableFeatures, TData>;

/** Where a grid's column order, hidden columns and widths are kept (src/api/grid-settings.ts `useGridColumnSettings`). */
interface GridColumnSettings {
  /** The stored columns; undefined until they are known (the grid shows its design meanwhile). */
  stored: GridColumnSetting[] | undefined;
  /** Stores the operator's columns (none: "Reset columns"); keep it the same function while the grid is shown. */
  save: (columns: GridColumnSetting[]) => void;
}

export type DataTableOptions<TData extends RowData> = Omit<TableOptions<DataTableFeatures, TData>, 'features'> & {
  /** Sorting and filtering happen on the server (paged data): the table shows rows in the order given. */
  serverSide?: boolean;
  /** Sort and quick filter kept in the URL (`useUrlTableState`). */
  urlState?: UrlTableState;
  /** Where the operator's column order, hidden columns and widths are kept. Without it they last while the grid is shown. */
  columnSettings?: GridColumnSettings;
};

/** A column without a designed width gets this (px). */
export const defaultColumnSize = 160;

/** How long after the last change of a width (a drag, a key) the columns are stored; other changes are stored at once. */
const resizeSaveDelayMs = 400;

type ColumnDefLike = {
  id?: string;
  accessorKey?: unknown;
  size?: number;
  minSize?: number;
  maxSize?: number;
  enableResizing?: boolean;
  enableHiding?: boolean;
  meta?: DataTableColumn<RowData>['meta'];
};

function columnIdOf(column: ColumnDefLike): string | undefined {
  return column.id ?? (typeof column.accessorKey === 'string' ? column.accessorKey : undefined);
}

function pxOf(width: string | undefined): number | undefined {
  const match = width === undefined ? null : /^(\d+(?:\.\d+)?)px$/.exec(width.trim());
  return match ? Number(match[1]) : undefined;
}

/** The definitions with their sizes (from `meta.width`) and bounds, the designed order and the pinned edges; pinned columns cannot be hidden. */
function designOf<TData extends RowData>(columns: readonly DataTableColumn<TData>[]) {
  const sized = columns.map((column) => {
    const def = column as ColumnDefLike;
    return {
      ...column,
      size: def.size ?? pxOf(def.meta?.width) ?? defaultColumnSize,
      minSize: def.minSize ?? gridColumnWidth.min,
      maxSize: def.maxSize ?? gridColumnWidth.max,
      enableResizing: def.enableResizing ?? def.meta?.resizable ?? true,
      // A pinned column (the name, the Actions) is what makes a row usable: it is always shown.
      enableHiding: def.enableHiding ?? def.meta?.pin === undefined,
    } as DataTableColumn<TData>;
  });
  const ids = columns.map((column) => columnIdOf(column as ColumnDefLike)).filter((id): id is string => id !== undefined);
  const hideable = new Set(
    sized
      .filter((column) => (column as ColumnDefLike).enableHiding !== false)
      .map((column) => columnIdOf(column as ColumnDefLike))
      .filter((id): id is string => id !== undefined),
  );
  const pinned = (side: 'left' | 'right') =>
    columns
      .filter((column) => (column as ColumnDefLike).meta?.pin === side)
      .map((column) => columnIdOf(column as ColumnDefLike))
      .filter((id): id is string => id !== undefined);
  const pinning: ColumnPinningState = { start: pinned('left'), end: pinned('right') };
  const scope = columns
    .filter((column) => (column as ColumnDefLike).meta?.scope === true)
    .map((column) => columnIdOf(column as ColumnDefLike))
    .filter((id): id is string => id !== undefined);
  const designedWidth: Record<string, number> = {};
  for (const column of sized) {
    const id = columnIdOf(column as ColumnDefLike);
    if (id !== undefined) designedWidth[id] = (column as ColumnDefLike).size ?? defaultColumnSize;
  }
  return { sized, ids, hideable, pinning, scope, designedWidth };
}

const noSettings: GridColumnSetting[] = [];

/**
 * The grid's column layout: the operator's changes (kept here at once, stored on the server shortly after) over
 * the stored settings over the design, in which scope columns yield when the grid's box is short of space
 * (docs/decisions/0023-scope-columns-yield-to-decision-columns.md). "Reset columns" stores none.
 * Columns named in the URL (`cols`: a shared link, an applied view) show over the operator's own while present;
 * the first change the operator makes to them starts from what is shown, is stored as their own, and takes the
 * columns out of the URL.
 */
function useColumnLayout(
  columnSettings: GridColumnSettings | undefined,
  design: { ids: readonly string[]; hideable: ReadonlySet<string>; scope: readonly string[]; designedWidth: Record<string, number> },
  urlColumns: readonly string[] | undefined,
  leaveUrlColumns: (() => void) | undefined,
) {
  const { ids, hideable, scope, designedWidth } = design;
  const stored = columnSettings?.stored ?? noSettings;
  const [draft, setDraft] = useState<GridColumnSetting[] | null>(null);
  const [boxWidth, setBoxWidth] = useState<number | undefined>(undefined);
  const rule = useMemo<ScopeRule>(() => ({ scope, designedWidth, boxWidth }), [scope, designedWidth, boxWidth]);
  const own = draft ?? stored;
  const shown = useMemo(() => (urlColumns ? settingsShowing(urlColumns, own, ids, hideable) : null), [urlColumns, own, ids, hideable]);
  const settings = shown ?? own;
  const layout = useMemo(() => shownLayoutOf(settings, ids, rule).layout, [settings, ids, rule]);

  const save = columnSettings?.save;
  const saved = useRef<GridColumnSetting[] | null>(null);
  const delay = useRef(0);
  useEffect(() => {
    if (save === undefined || draft === null || draft === saved.current) return;
    const timer = window.setTimeout(() => {
      saved.current = draft;
      save(draft);
    }, delay.current);
    return () => window.clearTimeout(timer);
  }, [save, draft]);

  // Several changes may come in one event (Reset): only the first starts from the URL's columns.
  const leavingUrl = useRef(false);
  useEffect(() => {
    leavingUrl.current = false;
  }, [urlColumns]);
  const leaveUrl = useCallback(() => {
    if (!shown || !leaveUrlColumns || leavingUrl.current) return;
    leavingUrl.current = true;
    leaveUrlColumns();
  }, [shown, leaveUrlColumns]);

  /** Applies a change to the latest layout as shown (several may come in one event). */
  const change = useCallback(
    (update: (layout: ColumnLayout) => ColumnLayout, resizing = false) => {
      delay.current = resizing ? resizeSaveDelayMs : 0;
      const base = leavingUrl.current ? null : shown;
      leaveUrl();
      setDraft((previous) => {
        const from = base ?? previous ?? stored;
        const before = shownLayoutOf(from, ids, rule);
        return settingsAfterChange(update(before.layout), from, ids, before.yielded, scope);
      });
    },
    [stored, ids, shown, leaveUrl, rule, scope],
  );
  /** "Reset columns": the grid as designed, which stores no settings (the scope columns yield again if space is short). */
  const reset = useCallback(() => {
    delay.current = 0;
    leaveUrl();
    setDraft(noSettings);
  }, [leaveUrl]);
  return { layout, change, reset, setBoxWidth };
}

/**
 * `useTable` with the app's feature set and defaults: one column sorted at a time, a quick filter matching text in
 * any column ("includesString"), and expansion kept when new rows arrive (paged data appends pages). Columns take
 * their width from `meta.width` and their pinned edge from `meta.pin`; their order, visibility and widths are the
 * operator's (kept by `columnSettings`).
 * Keep `columns` and `data` referentially stable (module constants, useMemo, the query's data).
 */
export function useDataTable<TData extends RowData>({
  serverSide = false,
  urlState,
  columnSettings,
  state,
  columns,
  ...options
}: DataTableOptions<TData>): DataTable<TData> {
  const design = useMemo(() => designOf(columns), [columns]);
  const { layout, change, reset, setBoxWidth } = useColumnLayout(columnSettings, design, urlState?.columns, urlState?.leaveColumns);

  const onColumnOrderChange = useCallback<OnChangeFn<ColumnOrderState>>(
    (updater) => change((current) => ({ ...current, order: functionalUpdate(updater, current.order) })),
    [change],
  );
  const onColumnVisibilityChange = useCallback<OnChangeFn<ColumnVisibilityState>>(
    (updater) => change((current) => ({ ...current, visibility: functionalUpdate(updater, current.visibility) })),
    [change],
  );
  const onColumnSizingChange = useCallback<OnChangeFn<ColumnSizingState>>(
    (updater) => change((current) => ({ ...current, sizing: functionalUpdate(updater, current.sizing) }), true),
    [change],
  );

  const table = useTable<DataTableFeatures, TData>({
    features: dataTableFeatures,
    columns: design.sized,
    enableMultiSort: false,
    globalFilterFn: 'includesString',
    autoResetExpanded: false,
    manualSorting: serverSide,
    manualFiltering: serverSide,
    columnResizeMode: 'onChange',
    onColumnOrderChange,
    onColumnVisibilityChange,
    onColumnSizingChange,
    // The pinned edges are the grid's design (`meta.pin`), not the operator's.
    onColumnPinningChange: () => undefined,
    ...(urlState
      ? {
          onSortingChange: urlState.onSortingChange,
          onGlobalFilterChange: urlState.onGlobalFilterChange,
          enableSortingRemoval: urlState.enableSortingRemoval,
        }
      : {}),
    ...options,
    state: {
      columnOrder: layout.order,
      columnVisibility: layout.visibility,
      columnSizing: layout.sizing,
      columnPinning: design.pinning,
      ...(urlState ? { sorting: urlState.sorting, globalFilter: urlState.globalFilter } : {}),
      ...state,
    },
  });
  // The box's width comes from its scroll box (`useScrollBox`), Reset from its Columns menu.
  registerGridSpace(table, { setBoxWidth, reset });
  return table;
}
