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
import { layoutOf, settingsOf, settingsShowing, type ColumnLayout } from './layout';

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
  return { sized, ids, hideable, pinning };
}

const noSettings: GridColumnSetting[] = [];

/**
 * The grid's column layout: the operator's changes (kept here at once, stored on the server shortly after) over
 * the stored settings over the design. "Reset columns" resets all three states, which stores none.
 * Columns named in the URL (`cols`: a shared link, an applied view) show over the operator's own while present;
 * the first change the operator makes to them starts from what is shown, is stored as their own, and takes the
 * columns out of the URL.
 */
function useColumnLayout(
  columnSettings: GridColumnSettings | undefined,
  ids: readonly string[],
  hideable: ReadonlySet<string>,
  urlColumns: readonly string[] | undefined,
  leaveUrlColumns: (() => void) | undefined,
) {
  const stored = columnSettings?.stored ?? noSettings;
  const [draft, setDraft] = useState<GridColumnSetting[] | null>(null);
  const own = draft ?? stored;
  const shown = useMemo(() => (urlColumns ? settingsShowing(urlColumns, own, ids, hideable) : null), [urlColumns, own, ids, hideable]);
  const settings = shown ?? own;
  const layout = useMemo(() => layoutOf(settings, ids), [settings, ids]);

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

  /** Applies a change to the latest layout (several may come in one event: Reset changes order, visibility, sizes). */
  const change = useCallback(
    (update: (layout: ColumnLayout) => ColumnLayout, resizing = false) => {
      delay.current = resizing ? resizeSaveDelayMs : 0;
      const base = leavingUrl.current ? null : shown;
      if (base && leaveUrlColumns) {
        leavingUrl.current = true;
        leaveUrlColumns();
      }
      setDraft((previous) => settingsOf(update(layoutOf(base ?? previous ?? stored, ids)), ids));
    },
    [stored, ids, shown, leaveUrlColumns],
  );
  return { layout, change };
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
  const { layout, change } = useColumnLayout(columnSettings, design.ids, design.hideable, urlState?.columns, urlState?.leaveColumns);

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

  return useTable<DataTableFeatures, TData>({
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
}
