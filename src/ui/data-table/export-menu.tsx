import { DropdownMenu } from 'radix-ui';
import type { RowData } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import { MenuContent, MenuLabel, MenuSeparator } from '../menu';
import { toast } from '../toast';
import type { DataTable } from './use-data-table';

const exportMenuTexts = {
  trigger: 'Export',
  exporting: 'Exporting…',
  label: 'Export as CSV',
  allColumns: 'All columns',
  visible: 'Export visible columns',
  all: 'Export all columns',
  failed: 'The export failed. Nothing was downloaded.',
  exported: (fileName: string) => `Downloaded ${fileName}.`,
} as const;

/**
 * A grid's Export menu (docs/product.md#export): downloads everything the grid's filter and sort select as CSV, with the
 * grid's visible columns in their order, or every exportable column when "All columns" is ticked. One export at a
 * time: the trigger is disabled from the first choice until the file is handed over (or the export failed).
 *
 * @param exportable the grid's exportable columns (contract/grid-exports.ts): the others (Actions, a checkbox) are never written
 * @param download starts the export of these column ids, in order, and answers the file's name
 */
export function ExportMenu<TData extends RowData>({
  table,
  exportable,
  download,
  disabled = false,
}: {
  table: DataTable<TData>;
  exportable: Readonly<Record<string, string>>;
  download: (columns: string[]) => Promise<{ fileName: string }>;
  disabled?: boolean;
}) {
  const [allColumns, setAllColumns] = useState(false);
  const [exporting, setExporting] = useState(false);
  const running = useRef(false);

  const start = () => {
    if (running.current) return;
    running.current = true;
    setExporting(true);
    const visible = table
      .getVisibleLeafColumns()
      .map((column) => column.id)
      .filter((id) => Object.hasOwn(exportable, id));
    download(allColumns ? Object.keys(exportable) : visible)
      .then(({ fileName }) => toast.success(exportMenuTexts.exported(fileName)))
      .catch(() => toast.error(exportMenuTexts.failed))
      .finally(() => {
        running.current = false;
        setExporting(false);
      });
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="btn btn--secondary data-table__columns-button"
        disabled={disabled || exporting}
        aria-busy={exporting || undefined}
      >
        {exporting ? exportMenuTexts.exporting : exportMenuTexts.trigger} <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <MenuContent align="end">
        <MenuLabel>{exportMenuTexts.label}</MenuLabel>
        <DropdownMenu.CheckboxItem
          className="menu__item"
          checked={allColumns}
          onCheckedChange={(checked) => setAllColumns(checked === true)}
          onSelect={(event) => event.preventDefault()}
        >
          <span className="menu__check" aria-hidden="true">
            <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
          </span>
          {exportMenuTexts.allColumns}
        </DropdownMenu.CheckboxItem>
        <MenuSeparator />
        <DropdownMenu.Item className="menu__item" onSelect={start}>
          {allColumns ? exportMenuTexts.all : exportMenuTexts.visible}
        </DropdownMenu.Item>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
