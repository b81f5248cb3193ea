import { DropdownMenu } from 'radix-ui';
import type { RowData } from '@tanstack/react-table';
import { MenuContent, MenuLabel, MenuSeparator } from '../menu';
import type { DataTable } from './use-data-table';
import { columnLabel } from './labels';
import { moveColumn } from './layout';

/**
 * The "Columns" menu (radix DropdownMenu: keyboard reachable): per column a checkbox to show or hide it (where it
 * may be hidden) and, for the columns between the pinned edges, Move left / Move right; then "Reset columns", which
 * brings back the grid's designed order, columns and widths. The menu stays open while columns are changed.
 */
export function ColumnMenu<TData extends RowData>({ table }: { table: DataTable<TData> }) {
  const columns = table.getAllLeafColumns();
  const movable = (id: string) => table.getColumn(id)?.getIsPinned() === false;
  const listed = columns.filter((column) => column.getCanHide() || movable(column.id));
  if (listed.length === 0) return null;
  const order = columns.map((column) => column.id);
  const center = order.filter(movable);
  const move = (id: string, by: -1 | 1) => table.setColumnOrder(moveColumn(order, id, by, movable));
  const keepOpen = (event: Event) => event.preventDefault();

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="btn btn--secondary data-table__columns-button">
        Columns <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="menu--scroll">
        <MenuLabel>Show and order columns</MenuLabel>
        {listed.map((column) => {
          const label = columnLabel(column);
          const index = center.indexOf(column.id);
          return (
            <DropdownMenu.Group key={column.id} className="data-table__column-row" aria-label={label}>
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
                  <DropdownMenu.Item
                    className="menu__item data-table__column-move"
                    aria-label={`Move ${label} left`}
                    title={`Move ${label} left`}
                    disabled={index === 0}
                    onSelect={(event) => {
                      keepOpen(event);
                      move(column.id, -1);
                    }}
                  >
                    <span aria-hidden="true">←</span>
                  </DropdownMenu.Item>
                  <DropdownMenu.Item
                    className="menu__item data-table__column-move"
                    aria-label={`Move ${label} right`}
                    title={`Move ${label} right`}
                    disabled={index === center.length - 1}
                    onSelect={(event) => {
                      keepOpen(event);
                      move(column.id, 1);
                    }}
                  >
                    <span aria-hidden="true">→</span>
                  </DropdownMenu.Item>
                </>
              ) : null}
            </DropdownMenu.Group>
          );
        })}
        <MenuSeparator />
        <DropdownMenu.Item
          className="menu__item"
          onSelect={() => {
            // Widths first: a change of widths is stored after a pause, the others (the last one here) at once.
            table.resetColumnSizing(true);
            table.resetColumnOrder(true);
            table.resetColumnVisibility(true);
          }}
        >
          Reset columns
        </DropdownMenu.Item>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
