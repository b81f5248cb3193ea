import type { Equipment } from '../../../contract/equipments';
import { equipmentSaveFailedText } from '../../api/equipments';
import { dataTableColumns, DateTimeCell } from '../../ui/data-table';
import { MenuItem } from '../../ui/menu';
import { RowMenu } from '../../ui/row-menu';
import { joinTags, subcategoryChoices, withCategory, withSubcategory, type EquipmentDraft } from './equipment-draft';
import { useEquipmentEditor, useRowDraft } from './equipment-editor';

/**
 * The columns of the Equipment Details grid. Each cell shows the row (view mode) or an input bound to the draft
 * (edit mode, one row at a time). Module constants: the editing state comes from EquipmentEditorContext.
 */

type TextField = 'brand' | 'model' | 'specifications' | 'description' | 'tags' | 'seo_title' | 'seo_description';

const fieldLabels: Record<TextField, string> = {
  brand: 'Brand',
  model: 'Model',
  specifications: 'Specifications',
  description: 'Description',
  tags: 'Tags',
  seo_title: 'SEO Title',
  seo_description: 'SEO Description',
};

function TextCell({ row, field, multiline = false }: { row: Equipment; field: TextField; multiline?: boolean }) {
  const editor = useEquipmentEditor();
  const draft = useRowDraft(row);
  if (!draft) {
    const value = field === 'tags' ? joinTags(row.tags) : row[field];
    return value ? <span className="data-table__clamp" title={value}>{value}</span> : <span className="data-table__muted">—</span>;
  }
  const props = {
    className: 'input equipment-editor__input',
    'aria-label': fieldLabels[field],
    value: draft[field],
    readOnly: editor.saving,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      editor.change((d) => ({ ...d, [field]: value }));
    },
  };
  return multiline ? <textarea rows={3} {...props} /> : <input type="text" {...props} />;
}

function ModelCell({ row }: { row: Equipment }) {
  const draft = useRowDraft(row);
  return (
    <div className="equipment-editor__stack">
      <TextCell row={row} field="model" />
      {!draft && row.excluded ? <span className="excluded-badge">Excluded</span> : null}
    </div>
  );
}

function YearCell({ row }: { row: Equipment }) {
  const editor = useEquipmentEditor();
  const draft = useRowDraft(row);
  if (!draft) return row.year === null ? <span className="data-table__muted">—</span> : <>{row.year}</>;
  return (
    <input
      type="number"
      inputMode="numeric"
      min={1800}
      max={2100}
      step={1}
      className="input equipment-editor__input"
      aria-label="Year"
      value={draft.year}
      readOnly={editor.saving}
      onChange={(event) => {
        const year = event.target.value;
        editor.change((d) => ({ ...d, year }));
      }}
    />
  );
}

function CategoryCell({ row }: { row: Equipment }) {
  const editor = useEquipmentEditor();
  const draft = useRowDraft(row);
  if (!draft) return <>{row.category}</>;
  return (
    <select
      className="input equipment-editor__input"
      aria-label="Category"
      value={draft.category_id}
      disabled={editor.saving}
      onChange={(event) => {
        const id = Number(event.target.value);
        editor.change((d) => withCategory(d, id, editor.categories));
      }}
    >
      {editor.categories.map((category) => (
        <option key={category.id} value={category.id}>
          {category.name}
        </option>
      ))}
    </select>
  );
}

function SubcategoryCell({ row }: { row: Equipment }) {
  const editor = useEquipmentEditor();
  const draft = useRowDraft(row);
  if (!draft) return <>{row.subcategory}</>;
  const choices = subcategoryChoices(draft, editor.categories);
  return (
    <select
      className="input equipment-editor__input"
      aria-label="Subcategory"
      value={draft.subcategory_id ?? ''}
      disabled={editor.saving || choices.length === 0}
      onChange={(event) => {
        const id = Number(event.target.value);
        editor.change((d) => withSubcategory(d, id, editor.categories));
      }}
    >
      {choices.length === 0 ? <option value="">No subcategories available</option> : null}
      {choices.map((subcategory) => (
        <option key={subcategory.id} value={subcategory.id}>
          {subcategory.name}
        </option>
      ))}
    </select>
  );
}

type FlagField = 'is_manufactured' | 'is_brand_still_manufactured';

function FlagCell({ row, field, label }: { row: Equipment; field: FlagField; label: string }) {
  const editor = useEquipmentEditor();
  const draft = useRowDraft(row);
  if (!draft) return <>{row[field] ? 'Yes' : 'No'}</>;
  return (
    <label className="equipment-editor__flag">
      <input
        type="checkbox"
        checked={draft[field]}
        disabled={editor.saving}
        onChange={(event) => {
          const checked = event.target.checked;
          editor.change((d: EquipmentDraft) => ({ ...d, [field]: checked }));
        }}
      />
      <span className="sr-only">{label}</span>
      <span aria-hidden="true">{draft[field] ? 'Yes' : 'No'}</span>
    </label>
  );
}

function ActionsCell({ row }: { row: Equipment }) {
  const editor = useEquipmentEditor();
  const editing = editor.editingId === row.id;
  if (editing) {
    return (
      <div className="equipment-editor__row-actions">
        <button type="button" className="btn btn--primary btn--compact" disabled={editor.saving} onClick={() => editor.save(row)}>
          {editor.saving ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="btn btn--secondary btn--compact" disabled={editor.saving} onClick={editor.cancel}>
          Cancel
        </button>
        {editor.problem ? (
          <p role="alert" className="equipment-editor__problem">
            {equipmentSaveFailedText}
            {editor.problem.detail ? <span className="equipment-editor__detail">{editor.problem.detail}</span> : null}
          </p>
        ) : null}
      </div>
    );
  }
  const busy = editor.excluding.has(row.id);
  return (
    <RowMenu
      className="btn btn--secondary btn--compact"
      label={`Actions for ${row.brand} ${row.model}`}
      trigger={
        <>
          Actions <span aria-hidden="true">▾</span>
        </>
      }
    >
      <MenuItem disabled={editor.editingId !== null} onSelect={() => editor.edit(row)}>
        Edit
      </MenuItem>
      {row.excluded ? (
        <MenuItem disabled={busy} onSelect={() => editor.unexclude(row)}>
          Remove from Exclusion
        </MenuItem>
      ) : (
        <MenuItem disabled={busy} onSelect={() => editor.exclude(row)}>
          Add to Exclusion
        </MenuItem>
      )}
</RowMenu>
  );
}

const col = dataTableColumns<Equipment>();

/** The column ids the grid may be sorted by (kept in the URL). */
export const sortableEquipmentColumns = ['brand', 'model', 'year', 'category', 'subcategory', 'seo_title', 'created_at'] as const;

export const equipmentColumns = col.columns([
  col.accessor('brand', { header: 'Brand', cell: ({ row }) => <TextCell row={row.original} field="brand" />, meta: { width: '160px' } }),
  col.accessor('model', { header: 'Model', cell: ({ row }) => <ModelCell row={row.original} />, meta: { width: '170px' } }),
  col.accessor('year', { header: 'Year', cell: ({ row }) => <YearCell row={row.original} />, sortUndefined: 'last', meta: { width: '110px' } }),
  col.accessor('category', { header: 'Category', cell: ({ row }) => <CategoryCell row={row.original} />, meta: { width: '190px' } }),
  col.accessor('subcategory', {
    header: 'Subcategory',
    cell: ({ row }) => <SubcategoryCell row={row.original} />,
    meta: { width: '190px' },
  }),
  col.accessor((row) => row.specifications ?? '', {
    id: 'specifications',
    header: 'Specifications',
    cell: ({ row }) => <TextCell row={row.original} field="specifications" multiline />,
    enableSorting: false,
    meta: { width: '220px' },
  }),
  col.accessor((row) => row.description ?? '', {
    id: 'description',
    header: 'Description',
    cell: ({ row }) => <TextCell row={row.original} field="description" multiline />,
    enableSorting: false,
    meta: { width: '220px' },
  }),
  col.accessor((row) => joinTags(row.tags), {
    id: 'tags',
    header: 'Tags',
    cell: ({ row }) => <TextCell row={row.original} field="tags" />,
    enableSorting: false,
    meta: { width: '180px' },
  }),
  col.accessor('is_manufactured', {
    header: 'Manufactured',
    cell: ({ row }) => <FlagCell row={row.original} field="is_manufactured" label="Manufactured" />,
    enableSorting: false,
    enableGlobalFilter: false,
    meta: { width: '130px' },
  }),
  col.accessor('is_brand_still_manufactured', {
    header: 'Brand Active',
    cell: ({ row }) => <FlagCell row={row.original} field="is_brand_still_manufactured" label="Brand Active" />,
    enableSorting: false,
    enableGlobalFilter: false,
    meta: { width: '130px' },
  }),
  col.accessor((row) => row.seo_title ?? '', {
    id: 'seo_title',
    header: 'SEO Title',
    cell: ({ row }) => <TextCell row={row.original} field="seo_title" />,
    meta: { width: '220px' },
  }),
  col.accessor((row) => row.seo_description ?? '', {
    id: 'seo_description',
    header: 'SEO Description',
    cell: ({ row }) => <TextCell row={row.original} field="seo_description" multiline />,
    enableSorting: false,
    meta: { width: '240px' },
  }),
  col.accessor('created_at', {
    header: 'Created At',
    cell: ({ row }) => <DateTimeCell value={row.original.created_at} />,
    enableGlobalFilter: false,
    meta: { width: '190px' },
  }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <ActionsCell row={row.original} />,
    enableSorting: false,
    enableHiding: false,
    meta: { width: '190px' },
  }),
]);
