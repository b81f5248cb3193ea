import { useState } from 'react';
import type { Category } from '../../../contract/categories';
import { categoryUpdateFailedText, useRenameCategory } from '../../api/categories';
import { Button } from '../../ui/button';
import { RenameForm } from './rename-form';
import { useFocusWhenEditingEnds } from './use-focus-when-editing-ends';

/**
 * The left list of the Equipments screen (docs/product.md#equipments-screen): every category, the selected one marked; each can be selected
 * and renamed inline.
 */
export function CategoryList({
  categories,
  selectedId,
  onSelect,
}: {
  categories: readonly Category[];
  selectedId: number | null;
  onSelect: (category: Category) => void;
}) {
  return (
    <section className="equipments__panel" aria-labelledby="equipments-categories-heading">
      <h2 id="equipments-categories-heading" className="equipments__panel-title">
        Categories
      </h2>
      <ul className="equipments__list">
        {categories.map((category) => (
          <CategoryItem key={category.id} category={category} selected={category.id === selectedId} onSelect={() => onSelect(category)} />
        ))}
      </ul>
    </section>
  );
}

function CategoryItem({ category, selected, onSelect }: { category: Category; selected: boolean; onSelect: () => void }) {
  const [editing, setEditing] = useState(false);
  const renameButton = useFocusWhenEditingEnds<HTMLButtonElement>(editing);
  const rename = useRenameCategory();
  const count = category.subcategories.length;

  return (
    <li className={selected ? 'category-item category-item--selected' : 'category-item'}>
      {editing ? (
        <RenameForm
          label="Category name"
          initialName={category.name}
          save={(name) => rename.mutateAsync({ id: category.id, name })}
          failureText={categoryUpdateFailedText}
          onDone={() => setEditing(false)}
        />
      ) : (
        <>
          <button type="button" className="category-item__select" aria-current={selected ? 'true' : undefined} onClick={onSelect}>
            <span className="category-item__name">{category.name}</span>
            <span className="category-item__meta">
              {count} {count === 1 ? 'subcategory' : 'subcategories'}
            </span>
          </button>
          <Button
            ref={renameButton}
            variant="link"
            className="category-item__rename"
            aria-label={`Rename ${category.name}`}
            onClick={() => setEditing(true)}
          >
            Rename
          </Button>
        </>
      )}
    </li>
  );
}
