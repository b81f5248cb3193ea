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
import { Button } from '../../ui/button';
import { DataTable, ExportMenu, useDataTable, useUrlTableState } from '../../ui/data-table';
import { undoTexts, useUndoOffer } from '../exclusion-undo';
import { equipmentColumns, sortableEquipmentColumns } from './equipment-columns';
import { EquipmentRowActionsContext, rowActionsButton, type EquipmentRowActions } from './equipment-editor';
import { EquipmentDetailsSelection } from './equipment-details-selection';
import { EquipmentEditorDrawer } from './equipment-editor-drawer';
import { useEditorFromAddress } from './use-editor-from-address';
import { useEditorSaved } from './use-save-and-accept';
import { SubcategoryDialog, type SubcategoryDialogProps } from './subcategory-dialog';
import { ReviewFilter, reviewTexts, SavedViewsMenu, useReviewFilter } from '../saved-views';

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
export function EquipmentDetailsDialog(props: SubcategoryDialogProps) {
  return (
    <SubcategoryDialog
      {...props}
      title={(subcategory) => (subcategory ? `Equipment Details for ${subcategory.name}` : 'Equipment Details')}
      size="xl"
    >
      {(subcategory) => <EquipmentDetails subcategory={subcategory} />}
    </SubcategoryDialog>
  );
}

interface Editing {
  /** The row as it was when Edit was chosen (the drawer's draft starts from it). */
  row: Equipment;
  /** The row's Actions button that opened the drawer. */
  opener: HTMLElement | null;
}

/** The dialog's status line (with Undo beside it) and its alert. */
function useDetailsFeedback() {
  const [notice, setNotice] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const undoOffer = useUndoOffer({ done: setNotice, failed: (text) => setAlert(`Error: ${text}`) });
  const done = (message: string, undo: Parameters<typeof undoOffer.offer>[0]) => {
    setNotice(message);
    undoOffer.offer(undo);
  };
  return { notice, setNotice, alert, setAlert, undoOffer, done };
}
type DetailsFeedback = ReturnType<typeof useDetailsFeedback>;

/** Add to / Remove from Exclusion of one row, its outcome on the status line. */
function useExclusionActions(feedback: DetailsFeedback): Omit<EquipmentRowActions, 'edit'> {
  const exclude = useExcludeEquipment();
  const unexclude = useUnexcludeEquipment();
  const [excluding, setExcluding] = useState<ReadonlySet<number>>(() => new Set());
  const mark = (id: number, busy: boolean) =>
    setExcluding((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  return {
    excluding,
    exclude: (row) => {
      mark(row.id, true);
      exclude.mutate(row.id, {
        onSuccess: (answer) => feedback.done(answer.message, answer.undo),
        onError: (error) => feedback.setAlert(`Error: ${errorMessage(error, 'The model could not be excluded.')}`),
        onSettled: () => mark(row.id, false),
      });
    },
    unexclude: (row) => {
      mark(row.id, true);
      unexclude.mutate(row.id, {
        onSuccess: (answer) => feedback.done(answer.message, answer.undo),
        // docs/product.md#messages-and-errors: a failed removal from the details dialog is only logged.
        onError: (error) => console.error('Removing the model from the exclusion list failed', error),
        onSettled: () => mark(row.id, false),
      });
    },
  };
}

/** The subcategory's items in the grid, its URL state, selection and column settings. */
function useDetailsGrid(subcategory: Subcategory) {
  const items = useSubcategoryEquipments(subcategory.id);
  const review = useReviewFilter();
  // The review filter applies in the browser, as the quick filter does (every page is loaded while it is set).
  const rows = useMemo(() => {
    const loaded = items.data?.pages.flatMap((page) => page.equipments) ?? noRows;
    return review.review === undefined ? loaded : loaded.filter((row) => row.review?.state === review.review);
  }, [items.data, review.review]);
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
  const reordered = urlState.params.sort !== undefined || urlState.params.q !== undefined || review.review !== undefined;
  useEffect(() => {
    if (reordered && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [reordered, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const summary =
    total === undefined
      ? undefined
      : review.review !== undefined
        ? `${rows.length.toLocaleString('en-US')} ${reviewTexts.rowsWord(review.review)}models${hasNextPage ? ' loaded' : ''}`
        : total > rows.length
          ? `${rows.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} models loaded`
          : `${total.toLocaleString('en-US')} models`;
  return { items, rows, total, urlState, review, rowSelection, clearRows: () => setRowSelection({}), table, summary };
}

function EquipmentDetails({ subcategory }: { subcategory: Subcategory }) {
  const categories = useCategories().data?.categories ?? noCategories;
  const feedback = useDetailsFeedback();
  const grid = useDetailsGrid(subcategory);
  const [editing, setEditing] = useState<Editing | null>(null);
  const scrollRegion = useRef<HTMLDivElement>(null);
  const rowActions: EquipmentRowActions = {
    ...useExclusionActions(feedback),
    edit: (row, opener) => {
      feedback.setAlert(null);
      setEditing({ row, opener });
    },
  };
  useEditorFromAddress(grid.rows, (row) => rowActions.edit(row, null));
  const afterSave = useEditorSaved(feedback);

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

  return (
    <EquipmentRowActionsContext value={rowActions}>
      <div className="equipment-details" ref={scrollRegion}>
        <DetailsFeedbackLines feedback={feedback} />
        <DetailsTable subcategory={subcategory} grid={grid} feedback={feedback} editedId={editedId} />
      </div>
      {editing ? (
        <EquipmentEditorDrawer
          key={editing.row.id}
          row={editing.row}
          categories={categories}
          returnFocusTo={returnFocusTo}
          onSaved={(saved, andAccept) => {
            setEditing(null);
            afterSave(saved, andAccept);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </EquipmentRowActionsContext>
  );
}

function DetailsFeedbackLines({ feedback: { notice, alert, setAlert, undoOffer } }: { feedback: DetailsFeedback }) {
  return (
    <>
      <div className="equipment-details__status">
        <p role="status" className="equipment-details__notice">
          {notice}
        </p>
        {undoOffer.offered ? (
          <Button size="compact" onClick={undoOffer.undo} disabled={undoOffer.busy}>
            {undoOffer.busy ? 'Undoing…' : undoTexts.label}
          </Button>
        ) : null}
      </div>
      {alert ? (
        <div role="alert" className="form-error equipment-details__alert">
          <span>{alert}</span>
          <Button variant="link" onClick={() => setAlert(null)}>
            Dismiss
          </Button>
        </div>
      ) : null}
    </>
  );
}

function DetailsTable({
  subcategory,
  grid: { items, rows, total, urlState, review, rowSelection, clearRows, table, summary },
  feedback,
  editedId,
}: {
  subcategory: Subcategory;
  grid: ReturnType<typeof useDetailsGrid>;
  feedback: DetailsFeedback;
  editedId: number | undefined;
}) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = items;
  // "Select all N matching" selects by the quick filter on the server, not by the review filter: not offered under it.
  const allMatchingOffered = review.review === undefined;
  return (
    <DataTable
      table={table}
      views={
        <>
          <ReviewFilter review={review.review} onChange={review.setReview} />
          <SavedViewsMenu grid="equipment-details" table={table} urlState={urlState} review={review} />
        </>
      }
      caption={`Equipment of ${subcategory.name}`}
      emptyText={urlState.globalFilter || review.review ? 'No models match the filter.' : `No models found for ${subcategory.name}.`}
      loading={items.isPending}
      error={items.isError && rows.length === 0 ? categoriesErrorText : undefined}
      virtualize
      estimateRowHeight={64}
      maxHeight="min(62vh, 680px)"
      rowCount={allMatchingOffered ? total : rows.length}
      loadingMore={isFetchingNextPage}
      onEndReached={() => {
        if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
      }}
      filterLabel="Filter models"
      summary={
        <EquipmentDetailsSelection
          subcategoryId={subcategory.id}
          table={table}
          rows={rows}
          total={allMatchingOffered ? total : 0}
          allLoaded={allMatchingOffered && !hasNextPage}
          rowSelection={rowSelection}
          clearRows={clearRows}
          summary={summary}
          outcome={{
            done: (message, undo) => {
              feedback.setAlert(null);
              feedback.done(message, undo);
            },
            failed: feedback.setAlert,
          }}
        />
      }
      actions={
        <ExportMenu
          table={table}
          exportable={equipmentExportColumns}
          disabled={total === 0}
          download={(columns) =>
            exportEquipments(
              { subcategory_id: subcategory.id, ...urlState.params, ...(review.review ? { review: review.review } : {}) },
              columns,
            )
          }
        />
      }
      getRowClassName={(row) =>
        row.original.id === editedId ? 'equipment-row--editing' : row.original.excluded ? 'equipment-row--excluded' : undefined
      }
    />
  );
}
