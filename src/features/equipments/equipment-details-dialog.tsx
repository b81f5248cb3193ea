import type { RowSelectionState } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Subcategory } from '../../../contract/categories';
import type { Equipment } from '../../../contract/equipments';
import { categoriesErrorText, useCategories } from '../../api/categories';
import { useSubcategoryEquipments } from '../../api/equipments';
import { useExcludeEquipment, useUnexcludeEquipment } from '../../api/exclusions';
import { errorMessage } from '../../api/http';
import { equipmentExportColumns } from '../../../contract/grid-exports';
import { exportEquipments } from '../../api/grid-exports';
import { useGridColumnSettings } from '../../api/grid-settings';
import { DataTable, ExportMenu, useDataTable, useUrlTableState } from '../../ui/data-table';
import { Modal } from '../../ui/dialog';
import { undoTexts, useUndoOffer } from '../exclusion-undo';
import { equipmentColumns, sortableEquipmentColumns } from './equipment-columns';
import { EquipmentRowActionsContext, rowActionsButton, type EquipmentRowActions } from './equipment-editor';
import { EquipmentDetailsSelection } from './equipment-details-selection';
import { EquipmentEditorDrawer } from './equipment-editor-drawer';
import { SavedViewsMenu } from '../saved-views';

const noRows: Equipment[] = [];
const noCategories: never[] = [];

/**
 * The Equipment Details dialog (docs/product.md#equipment-details-dialog): 'Equipment Details for {subcategory}', a grid of the subcategory's items
 * (sortable, filterable, columns to show; sort and filter in the URL; Model pinned left and Actions right) and a
 * per-row Actions menu (Edit, Add to / Remove from Exclusion), and a checkbox column whose selection (or all the models
 * the filter matches) is excluded or un-excluded at once (docs/decisions/0012-bulk-actions-select-the-filter.md). Edit opens the row editor as a side drawer over the
 * grid (equipment-editor-drawer.tsx); the row being edited is highlighted, and shows the server's row once saved.
 *
 * Feedback stays inside the dialog (a modal hides the page, toasts included, from assistive technology):
 * - Save's failures show in the drawer, which stays open with the draft; a save is confirmed on the status line;
 * - exclusion outcomes are the dialog's status line, with Undo beside it for 10 s; a failed removal is only logged
 *   (docs/product.md#messages-and-errors).
 */
export function EquipmentDetailsDialog({
  subcategory,
  onClose,
  returnFocusTo,
}: {
  subcategory: Subcategory | null;
  onClose: () => void;
  returnFocusTo?: { current: HTMLElement | null };
}) {
  return (
    <Modal
      open={subcategory !== null}
      onOpenChange={(open) => !open && onClose()}
      title={subcategory ? `Equipment Details for ${subcategory.name}` : 'Equipment Details'}
      size="xl"
      returnFocusTo={returnFocusTo}
    >
      {subcategory ? <EquipmentDetails key={subcategory.id} subcategory={subcategory} /> : null}
    </Modal>
  );
}

interface Editing {
  /** The row as it was when Edit was chosen (the drawer's draft starts from it). */
  row: Equipment;
  /** The row's Actions button that opened the drawer. */
  opener: HTMLElement | null;
}

function EquipmentDetails({ subcategory }: { subcategory: Subcategory }) {
  const items = useSubcategoryEquipments(subcategory.id);
  const categories = useCategories().data?.categories ?? noCategories;
  const exclude = useExcludeEquipment();
  const unexclude = useUnexcludeEquipment();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [excluding, setExcluding] = useState<ReadonlySet<number>>(() => new Set());
  const undoOffer = useUndoOffer({ done: setNotice, failed: (text) => setAlert(`Error: ${text}`) });
  const scrollRegion = useRef<HTMLDivElement>(null);

  const rows = useMemo(() => items.data?.pages.flatMap((page) => page.equipments) ?? noRows, [items.data]);
  const total = items.data?.pages[0]?.total;

  const urlState = useUrlTableState({ sortable: sortableEquipmentColumns });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const columnSettings = useGridColumnSettings('equipment-details');
  const table = useDataTable({
    columns: equipmentColumns,
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
    columnSettings,
    data: rows,
    getRowId: (row) => String(row.id),
    urlState,
  });

  // The server lists items by brand then model only: a sort or a filter covers every item once all pages are in.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = items;
  const reordered = urlState.params.sort !== undefined || urlState.params.q !== undefined;
  useEffect(() => {
    if (reordered && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [reordered, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const markExcluding = (id: number, busy: boolean) =>
    setExcluding((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const rowActions: EquipmentRowActions = {
    excluding,
    edit: (row, opener) => {
      setAlert(null);
      setEditing({ row, opener });
    },
    exclude: (row) => {
      markExcluding(row.id, true);
      exclude.mutate(row.id, {
        onSuccess: (answer) => {
          setNotice(answer.message);
          undoOffer.offer(answer.undo);
        },
        onError: (error) => setAlert(`Error: ${errorMessage(error, 'The model could not be excluded.')}`),
        onSettled: () => markExcluding(row.id, false),
      });
    },
    unexclude: (row) => {
      markExcluding(row.id, true);
      unexclude.mutate(row.id, {
        onSuccess: (answer) => {
          setNotice(answer.message);
          undoOffer.offer(answer.undo);
        },
        // docs/product.md#messages-and-errors: a failed removal from the details dialog is only logged.
        onError: (error) => console.error('Removing the model from the exclusion list failed', error),
        onSettled: () => markExcluding(row.id, false),
      });
    },
  };

  /**
   * The drawer gives the focus back to the row's Actions button: the one that opened it, or the row's new one if the
   * grid remounted the row meanwhile, or the grid itself when the row left this subcategory.
   */
  const editedId = editing?.row.id;
  const opener = editing?.opener ?? null;
  const returnFocusTo = () => {
    if (opener?.isConnected) return opener;
    return (
      (editedId === undefined ? null : rowActionsButton(editedId)) ??
      scrollRegion.current?.querySelector<HTMLElement>('.data-table__scroll') ??
      null
    );
  };

  const loaded = rows.length;
  const summary =
    total === undefined
      ? undefined
      : total > loaded
        ? `${loaded.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} items loaded`
        : `${total.toLocaleString('en-US')} items`;

  return (
    <EquipmentRowActionsContext value={rowActions}>
      <div className="equipment-details" ref={scrollRegion}>
        <div className="equipment-details__status">
          <p role="status" className="equipment-details__notice">
            {notice}
          </p>
          {undoOffer.offered ? (
            <button type="button" className="btn btn--secondary btn--compact" onClick={undoOffer.undo} disabled={undoOffer.busy}>
              {undoOffer.busy ? 'Undoing…' : undoTexts.label}
            </button>
          ) : null}
        </div>
        {alert ? (
          <div role="alert" className="form-error equipment-details__alert">
            <span>{alert}</span>
            <button type="button" className="btn btn--link" onClick={() => setAlert(null)}>
              Dismiss
            </button>
          </div>
        ) : null}
        <DataTable
          table={table}
          views={<SavedViewsMenu grid="equipment-details" table={table} urlState={urlState} />}
          caption={`Equipment of ${subcategory.name}`}
          emptyText={urlState.globalFilter ? 'No items match the filter.' : `No equipment found for ${subcategory.name}.`}
          loading={items.isPending}
          error={items.isError && rows.length === 0 ? categoriesErrorText : undefined}
          virtualize
          estimateRowHeight={64}
          maxHeight="min(62vh, 680px)"
          rowCount={total}
          loadingMore={isFetchingNextPage}
          onEndReached={() => {
            if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
          }}
          filterLabel="Filter items"
          summary={
            <EquipmentDetailsSelection
              subcategoryId={subcategory.id}
              table={table}
              rows={rows}
              total={total}
              allLoaded={!hasNextPage}
              rowSelection={rowSelection}
              clearRows={() => setRowSelection({})}
              summary={summary}
              outcome={{
                done: (message, undo) => {
                  setAlert(null);
                  setNotice(message);
                  undoOffer.offer(undo);
                },
                failed: setAlert,
              }}
            />
          }
          actions={
            <ExportMenu
              table={table}
              exportable={equipmentExportColumns}
              disabled={total === 0}
              download={(columns) => exportEquipments({ subcategory_id: subcategory.id, ...urlState.params }, columns)}
            />
          }
          getRowClassName={(row) =>
            row.original.id === editedId ? 'equipment-row--editing' : row.original.excluded ? 'equipment-row--excluded' : undefined
          }
        />
      </div>
      {editing ? (
        <EquipmentEditorDrawer
          key={editing.row.id}
          row={editing.row}
          categories={categories}
          returnFocusTo={returnFocusTo}
          onSaved={(saved) => {
            setEditing(null);
            setNotice(`${saved.brand} - ${saved.model} saved.`);
            undoOffer.offer(null);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </EquipmentRowActionsContext>
  );
}
