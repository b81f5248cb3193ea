import type { RowData } from '@tanstack/react-table';
import { DropdownMenu } from 'radix-ui';
import { useRef, useState } from 'react';
import type { SavedView, ViewGridName } from '../../../contract/saved-views';
import { errorMessage } from '../../api/http';
import { useCreateSavedView, useDeleteSavedView, useSavedViews, useUpdateSavedView } from '../../api/saved-views';
import type { DataTableInstance, UrlTableState } from '../../ui/data-table';
import { ConfirmDialog } from '../../ui/dialog';
import { MenuContent, MenuItem, MenuLabel, MenuSeparator } from '../../ui/menu';
import { toast } from '../../ui/toast';
import { savedViewsTexts as texts } from './saved-views-texts';
import { useViewLink } from './use-view-link';
import { ViewNameDialog } from './view-name-dialog';
import { currentViewState, sameViewState } from './view-state';
import './saved-views.css';

type Open = { kind: 'save' } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView } | null;

/**
 * The "Views" menu beside a grid's Columns menu (docs/decisions/0010-saved-views.md): the operator's saved views of the grid (choosing
 * one applies it: its filter, sort and columns go into the URL; the view the grid shows now is ticked), each with
 * Rename and Delete, then "Save changes to “X”" (once the grid differs from the view last applied or saved),
 * "Save current view…" and "Copy link to this view". Keyboard reachable (radix); the focus
 * comes back to the Views button when a dialog closes.
 */
export function SavedViewsMenu<TData extends RowData>({
  grid,
  table,
  urlState,
}: {
  grid: ViewGridName;
  table: DataTableInstance<TData>;
  urlState: UrlTableState;
}) {
  const views = useSavedViews(grid);
  const create = useCreateSavedView();
  const update = useUpdateSavedView();
  const remove = useDeleteSavedView();
  const viewLink = useViewLink();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState<Open>(null);
  const deleting = useRef(false);
  const updating = useRef(false);
  // The view last applied or saved here: when the grid has changed since, its state can be replaced by the grid's.
  const [lastUsedId, setLastUsedId] = useState<number | null>(null);

  const current = currentViewState(table, urlState);
  const list = views.data?.views ?? [];
  const inUse = list.find((view) => sameViewState(view.state, current));
  const lastUsed = list.find((view) => view.id === lastUsedId);
  const changed = lastUsed && !sameViewState(lastUsed.state, current) ? lastUsed : undefined;
  const close = () => setOpen(null);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(viewLink(current));
      toast.success(texts.linkCopied);
    } catch {
      toast.error(texts.linkNotCopied);
    }
  };

  const deleteView = (view: SavedView) => {
    if (deleting.current) return;
    deleting.current = true;
    remove.mutate(view.id, {
      onSuccess: () => toast.success(texts.deleted(view.name)),
      onError: (error) => toast.error(errorMessage(error, texts.deleteFailed)),
      onSettled: () => {
        deleting.current = false;
      },
    });
  };

  const apply = (view: SavedView) => {
    setLastUsedId(view.id);
    urlState.applyView(view.state);
  };

  const replaceState = (view: SavedView) => {
    if (updating.current) return;
    updating.current = true;
    update.mutate(
      { id: view.id, body: { state: current } },
      {
        onSuccess: (updated) => toast.success(texts.updated(updated.name)),
        onError: (error) => toast.error(errorMessage(error, texts.saveFailed)),
        onSettled: () => {
          updating.current = false;
        },
      },
    );
  };

  return (
    <>
      {/* Not modal, as the app's other menus: a modal menu hides the page (aria-hidden) around focusable controls. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger ref={trigger} className="btn btn--secondary data-table__columns-button">
          {texts.button} <span aria-hidden="true">▾</span>
        </DropdownMenu.Trigger>
        <MenuContent align="end" className="menu--scroll saved-views__menu">
          <MenuLabel>{texts.menuLabel}</MenuLabel>
          {views.isPending ? <p className="saved-views__note">{texts.loading}</p> : null}
          {views.isError ? (
            <p className="saved-views__note" role="alert">
              {texts.loadFailed}
            </p>
          ) : null}
          {views.isSuccess && list.length === 0 ? <p className="saved-views__note">{texts.none}</p> : null}
          {list.map((view) => (
            <DropdownMenu.Group key={view.id} className="data-table__column-row" aria-label={view.name}>
              <DropdownMenu.CheckboxItem className="menu__item" checked={view === inUse} onSelect={() => apply(view)}>
                <span className="menu__check" aria-hidden="true">
                  <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                </span>
                <span className="saved-views__name" title={view.name}>
                  {view.name}
                </span>
              </DropdownMenu.CheckboxItem>
              <DropdownMenu.Item
                className="menu__item data-table__column-move"
                aria-label={texts.rename(view.name)}
                title={texts.rename(view.name)}
                onSelect={() => setOpen({ kind: 'rename', view })}
              >
                <span aria-hidden="true">✎</span>
              </DropdownMenu.Item>
              <DropdownMenu.Item
                className="menu__item data-table__column-move"
                aria-label={texts.remove(view.name)}
                title={texts.remove(view.name)}
                onSelect={() => setOpen({ kind: 'delete', view })}
              >
                <span aria-hidden="true">×</span>
              </DropdownMenu.Item>
            </DropdownMenu.Group>
          ))}
          <MenuSeparator />
          {changed ? <MenuItem onSelect={() => replaceState(changed)}>{texts.update(changed.name)}</MenuItem> : null}
          <MenuItem onSelect={() => setOpen({ kind: 'save' })}>{texts.save}</MenuItem>
          <MenuItem onSelect={() => void copyLink()}>{texts.copyLink}</MenuItem>
        </MenuContent>
      </DropdownMenu.Root>
      {open?.kind === 'save' ? (
        <ViewNameDialog
          title={texts.saveTitle}
          description={texts.saveDescription}
          initialName=""
          returnFocusTo={trigger}
          onClose={close}
          submit={async (name) => {
            const saved = await create.mutateAsync({ grid, name, state: current });
            setLastUsedId(saved.id);
            toast.success(texts.saved(saved.name));
          }}
        />
      ) : null}
      {open?.kind === 'rename' ? (
        <ViewNameDialog
          title={texts.renameTitle}
          initialName={open.view.name}
          returnFocusTo={trigger}
          onClose={close}
          submit={async (name) => {
            const renamed = await update.mutateAsync({ id: open.view.id, body: { name } });
            toast.success(texts.renamed(renamed.name));
          }}
        />
      ) : null}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title={open?.kind === 'delete' ? texts.deleteTitle(open.view.name) : ''}
        description={texts.deleteDescription}
        confirmLabel="Delete"
        destructive
        onConfirm={() => open?.kind === 'delete' && deleteView(open.view)}
        returnFocusTo={trigger}
      />
    </>
  );
}
