import { DropdownMenu } from 'radix-ui';
import type { RowData } from '@tanstack/react-table';
import { MenuContent, MenuLabel } from '../menu';
import type { DataTable } from './use-data-table';
import { columnLabel } from './labels';

/** A "Columns" menu with a checkbox per column that can be hidden (radix DropdownMenu: keyboard reachable). */
export function ColumnMenu<TData extends RowData>({ table }: { table: DataTable<TData> }) {
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  if (columns.length === 0) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="btn btn--secondary data-table__columns-button">
        Columns <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="menu--scroll">
        <MenuLabel>Show columns</MenuLabel>
        {columns.map((column) => (
          <DropdownMenu.CheckboxItem
            key={column.id}
            className="menu__item"
            checked={column.getIsVisible()}
            onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
            // Keep the menu open to toggle several columns in a row.
            onSelect={(event) => event.preventDefault()}
          >
            <span className="menu__check" aria-hidden="true">
              <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
            </span>
            {columnLabel(column)}
          </DropdownMenu.CheckboxItem>
        ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
