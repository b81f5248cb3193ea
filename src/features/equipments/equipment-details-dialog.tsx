import { useEffect, useMemo, useState } from 'react';
import type { Subcategory } from '../../../contract/categories';
import type { Equipment } from '../../../contract/equipments';
import { categoriesErrorText, useCategories } from '../../api/categories';
import { equipmentUpdateFailedText, useSubcategoryEquipments, useUpdateEquipment } from '../../api/equipments';
import { useExcludeEquipment, useUnexcludeEquipment } from '../../api/exclusions';
import { errorMessage, httpStatus, serverMessage } from '../../api/http';
import { DataTable, useDataTable, useUrlTableState } from '../../ui/data-table';
import { Modal } from '../../ui/dialog';
import { draftToBody, toDraft, type EquipmentDraft } from './equipment-draft';
import { equipmentColumns, sortableEquipmentColumns } from './equipment-columns';
import { EquipmentEditorContext, type EquipmentEditor, type RowProblem } from './equipment-editor';

const noRows: Equipment[] = [];
const noCategories: never[] = [];

/**
 * The Equipment Details dialog (SPEC 2): 'Equipment Details for {subcategory}', a grid of the subcategory's items
 * (sortable, filterable, columns to show; sort and filter in the URL) with an inline row editor and a per-row
 * Actions menu (Edit, Add to / Remove from Exclusion).
 *
 * Feedback stays inside the dialog (a modal hides the page, toasts included, from assistive technology):
 * - a failed Save that the server refused (4xx: the changes themselves) keeps the row in edit mode with
 *   'Failed to save changes. Please try again.' and the server's reason in the row;
 * - a failed Save for any other reason (server error, network) raises the dialog's alert
 *   'Failed to update equipment. Please try again.', and the row stays in edit mode;
 * - exclusion outcomes are the dialog's status line; a failed removal is only logged (SPEC 8).
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
  id: number;
  draft: EquipmentDraft;
  problem: RowProblem | null;
}

function EquipmentDetails({ subcategory }: { subcategory: Subcategory }) {
  const items = useSubcategoryEquipments(subcategory.id);
  const categories = useCategories().data?.categories ?? noCategories;
  const update = useUpdateEquipment();
  const exclude = useExcludeEquipment();
  const unexclude = useUnexcludeEquipment();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [excluding, setExcluding] = useState<ReadonlySet<number>>(() => new Set());

  const rows = useMemo(() => items.data?.pages.flatMap((page) => page.equipments) ?? noRows, [items.data]);
  const total = items.data?.pages[0]?.total;

  const urlState = useUrlTableState({ sortable: sortableEquipmentColumns });
  const table = useDataTable({ columns: equipmentColumns, data: rows, getRowId: (row) => String(row.id), urlState });

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

  const editor: EquipmentEditor = {
    editingId: editing?.id ?? null,
    draft: editing?.draft ?? null,
    problem: editing?.problem ?? null,
    saving: update.isPending,
    categories,
    excluding,
    edit: (row) => {
      setAlert(null);
      setEditing({ id: row.id, draft: toDraft(row), problem: null });
    },
    change: (change) => setEditing((current) => (current ? { ...current, draft: change(current.draft) } : current)),
    cancel: () => {
      setAlert(null);
      setEditing(null);
    },
    save: (row) => {
      if (!editing || editing.id !== row.id) return;
      const body = draftToBody(row.id, editing.draft);
      if (!body) {
        setEditing({ ...editing, problem: { detail: 'Choose a subcategory.' } });
        return;
      }
      setAlert(null);
      update.mutate(
        { body, previousSubcategoryId: row.subcategory_id },
        {
          onSuccess: (saved) => {
            setEditing(null);
            setNotice(`${saved.brand} - ${saved.model} saved.`);
          },
          onError: (error) => {
            const status = httpStatus(error);
            if (status !== undefined && status >= 400 && status < 500) {
              setEditing((current) => (current ? { ...current, problem: { detail: serverMessage(error) ?? null } } : current));
            } else {
              setEditing((current) => (current ? { ...current, problem: null } : current));
              setAlert(equipmentUpdateFailedText);
            }
          },
        },
      );
    },
    exclude: (row) => {
      markExcluding(row.id, true);
      exclude.mutate(row.id, {
        onSuccess: (answer) => setNotice(answer.message),
        onError: (error) => setAlert(`Error: ${errorMessage(error, 'The model could not be excluded.')}`),
        onSettled: () => markExcluding(row.id, false),
      });
    },
    unexclude: (row) => {
      markExcluding(row.id, true);
      unexclude.mutate(row.id, {
        onSuccess: (answer) => setNotice(answer.message),
        // SPEC 8: a failed removal from the details dialog is only logged.
        onError: (error) => console.error('Removing the model from the exclusion list failed', error),
        onSettled: () => markExcluding(row.id, false),
      });
    },
  };

  const loaded = rows.length;
  const summary =
    total === undefined ? undefined : total > loaded ? `${loaded.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} items loaded` : `${total.toLocaleString('en-US')} items`;

  return (
    <EquipmentEditorContext value={editor}>
      <div className="equipment-details">
        <p role="status" className="equipment-details__notice">
          {notice}
        </p>
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
          summary={summary}
          getRowClassName={(row) =>
            row.original.id === editing?.id ? 'equipment-row--editing' : row.original.excluded ? 'equipment-row--excluded' : undefined
          }
        />
      </div>
    </EquipmentEditorContext>
  );
}
