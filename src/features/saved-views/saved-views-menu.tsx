import type { RowData } from '@tanstack/react-table';
import { DropdownMenu } from 'radix-ui';
import { useRef, useState, type RefObject } from 'react';
import type { SavedView, ViewGridName } from '../../../contract/saved-views';
import { useSavedViews } from '../../api/saved-views';
import { buttonClass } from '../../ui/button';
import type { DataTableInstance, UrlTableState } from '../../ui/data-table';
import { ConfirmDialog } from '../../ui/dialog';
import { MenuContent, MenuItem, MenuLabel, MenuSeparator } from '../../ui/menu';
import { savedViewsTexts as texts } from './saved-views-texts';
import type { ReviewFilterState } from './review-filter';
import { useViewActions, type ViewActions } from './use-view-actions';
import { ViewNameDialog } from './view-name-dialog';
import { currentViewState, sameViewState } from './view-state';
import './saved-views.css';

type OpenDialog = { kind: 'save' } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView } | null;

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
  review,
}: {
  grid: ViewGridName;
  table: DataTableInstance<TData>;
  urlState: UrlTableState;
  /** The grid's review filter (`useReviewFilter`), for the grids of generated items: views keep it too. */
  review?: ReviewFilterState;
}) {
  const views = useSavedViews(grid);
  const current = currentViewState(table, urlState, review?.review);
  const actions = useViewActions(grid, current, urlState);
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState<OpenDialog>(null);

  const list = views.data?.views ?? [];
  const inUse = list.find((view) => sameViewState(view.state, current));
  const lastUsed = list.find((view) => view.id === actions.lastUsedId);
  const changed = lastUsed && !sameViewState(lastUsed.state, current) ? lastUsed : undefined;

  return (
    <>
      {/* Not modal, as the app's other menus: a modal menu hides the page (aria-hidden) around focusable controls. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger ref={trigger} className={buttonClass({ className: 'data-table__columns-button' })}>
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
            <ViewRow key={view.id} view={view} inUse={view === inUse} onApply={() => actions.apply(view)} onOpen={setOpen} />
          ))}
          <MenuSeparator />
          {changed ? <MenuItem onSelect={() => actions.replaceState(changed)}>{texts.update(changed.name)}</MenuItem> : null}
          <MenuItem onSelect={() => setOpen({ kind: 'save' })}>{texts.save}</MenuItem>
          <MenuItem onSelect={() => void actions.copyLink()}>{texts.copyLink}</MenuItem>
        </MenuContent>
      </DropdownMenu.Root>
      <ViewDialogs open={open} onClose={() => setOpen(null)} trigger={trigger} actions={actions} />
    </>
  );
}

/** One saved view in the menu: ticked while the grid shows it; applied when chosen; its Rename and Delete beside it. */
function ViewRow({
  view,
  inUse,
  onApply,
  onOpen,
}: {
  view: SavedView;
  inUse: boolean;
  onApply: () => void;
  onOpen: (dialog: OpenDialog) => void;
}) {
  return (
    <DropdownMenu.Group className="data-table__column-row" aria-label={view.name}>
      <DropdownMenu.CheckboxItem className="menu__item" checked={inUse} onSelect={onApply}>
        <span className="menu__check" aria-hidden="true">
          <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
        </span>
        <span className="saved-views__name" title={view.name}>
          {view.name}
        </span>
      </DropdownMenu.CheckboxItem>
      <ViewAction label={texts.rename(view.name)} icon="✎" onSelect={() => onOpen({ kind: 'rename', view })} />
      <ViewAction label={texts.remove(view.name)} icon="×" onSelect={() => onOpen({ kind: 'delete', view })} />
    </DropdownMenu.Group>
  );
}

/** Rename or Delete beside a view: an icon, named by its label. */
function ViewAction({ label, icon, onSelect }: { label: string; icon: string; onSelect: () => void }) {
  return (
    <DropdownMenu.Item className="menu__item data-table__column-move" aria-label={label} title={label} onSelect={onSelect}>
      <span aria-hidden="true">{icon}</span>
    </DropdownMenu.Item>
  );
}

/** The dialog the menu opened: the name of a view to save or rename, or the confirmation of a deletion. */
function ViewDialogs({
  open,
  onClose,
  trigger,
  actions,
}: {
  open: OpenDialog;
  onClose: () => void;
  trigger: RefObject<HTMLButtonElement | null>;
  actions: ViewActions;
}) {
  return (
    <>
      {open?.kind === 'save' ? (
        <ViewNameDialog
          title={texts.saveTitle}
          description={texts.saveDescription}
          initialName=""
          returnFocusTo={trigger}
          onClose={onClose}
          submit={actions.save}
        />
      ) : null}
      {open?.kind === 'rename' ? (
        <ViewNameDialog
          title={texts.renameTitle}
          initialName={open.view.name}
          returnFocusTo={trigger}
          onClose={onClose}
          submit={(name) => actions.rename(open.view, name)}
        />
      ) : null}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        onOpenChange={(isOpen) => !isOpen && onClose()}
        title={open?.kind === 'delete' ? texts.deleteTitle(open.view.name) : ''}
        description={texts.deleteDescription}
        confirmLabel="Delete"
        destructive
        onConfirm={() => open?.kind === 'delete' && actions.deleteView(open.view)}
        returnFocusTo={trigger}
      />
    </>
  );
}
