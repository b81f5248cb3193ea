import { DropdownMenu } from 'radix-ui';
import type { Column, RowData } from '@tanstack/react-table';
import { buttonClass } from '../button';
import { MenuContent, MenuLabel, MenuSeparator } from '../menu';
import type { DataTableFeatures } from './features';
import type { DataTable } from './use-data-table';
import { columnLabel } from './labels';
import { moveColumn } from './layout';
import { gridSpaceOf } from './scope-columns';

const keepOpen = (event: Event) => event.preventDefault();

/** Move left (-1) or Move right (1) of one column; the menu stays open. */
function MoveItem({ label, by, disabled, onMove }: { label: string; by: -1 | 1; disabled: boolean; onMove: () => void }) {
  const name = `Move ${label} ${by < 0 ? 'left' : 'right'}`;
  return (
    <DropdownMenu.Item
      className="menu__item data-table__column-move"
      aria-label={name}
      title={name}
      disabled={disabled}
      onSelect={(event) => {
        keepOpen(event);
        onMove();
      }}
    >
      <span aria-hidden="true">{by < 0 ? '←' : '→'}</span>
    </DropdownMenu.Item>
  );
}

/**
 * One column's row: its checkbox (a label alone where it may not be hidden) and, at `index` among the columns between
 * the pinned edges (`count` of them; -1: pinned), its Move left / Move right.
 */
function ColumnRow<TData extends RowData>({
  column,
  index,
  count,
  move,
}: {
  column: Column<DataTableFeatures, TData, unknown>;
  index: number;
  count: number;
  move: (id: string, by: -1 | 1) => void;
}) {
  const label = columnLabel(column);
  return (
    <DropdownMenu.Group className="data-table__column-row" aria-label={label}>
      {column.getCanHide() ? (
        <DropdownMenu.CheckboxItem
          className="menu__item"
          checked={column.getIsVisible()}
          onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
          onSelect={keepOpen}
        >
          <span className="menu__check" aria-hidden="true">
            <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
          </span>
          {label}
        </DropdownMenu.CheckboxItem>
      ) : (
        <span className="menu__item" aria-hidden="true">
          <span className="menu__check" />
          {label}
        </span>
      )}
      {index >= 0 ? (
        <>
          <MoveItem label={label} by={-1} disabled={index === 0} onMove={() => move(column.id, -1)} />
          <MoveItem label={label} by={1} disabled={index === count - 1} onMove={() => move(column.id, 1)} />
        </>
      ) : null}
    </DropdownMenu.Group>
  );
}

/**
 * The "Columns" menu (radix DropdownMenu: keyboard reachable): per column a checkbox to show or hide it (where it
 * may be hidden) and, for the columns between the pinned edges, Move left / Move right; then "Reset columns", which
 * brings back the grid's designed order, columns and widths. The menu stays open while columns are changed.
 * Columns that repeat the page's scope wait here when the grid's box is short of space
 * (docs/decisions/0023-scope-columns-yield-to-decision-columns.md).
 */
export function ColumnMenu<TData extends RowData>({ table }: { table: DataTable<TData> }) {
  const columns = table.getAllLeafColumns();
  const movable = (id: string) => table.getColumn(id)?.getIsPinned() === false;
  const listed = columns.filter((column) => column.getCanHide() || movable(column.id));
  if (listed.length === 0) return null;
  const order = columns.map((column) => column.id);
  const center = order.filter(movable);
  const move = (id: string, by: -1 | 1) => table.setColumnOrder(moveColumn(order, id, by, movable));

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClass({ variant: 'secondary', className: 'data-table__columns-button' })}>
        Columns <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="menu--scroll">
        <MenuLabel>Show and order columns</MenuLabel>
        {listed.map((column) => (
          <ColumnRow key={column.id} column={column} index={center.indexOf(column.id)} count={center.length} move={move} />
        ))}
        <MenuSeparator />
        <DropdownMenu.Item className="menu__item" onSelect={() => gridSpaceOf(table)?.reset()}>
          Reset columns
        </DropdownMenu.Item>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
