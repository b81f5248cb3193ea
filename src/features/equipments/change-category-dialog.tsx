import { useId, useState, type KeyboardEvent } from 'react';
import type { Category, Subcategory } from '../../../contract/categories';
import { subcategoryUpdateFailedText, useCategories, useMoveSubcategory } from '../../api/categories';
import { errorMessage } from '../../api/http';
import { Modal } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { matchCategories } from './category-search';

/**
 * The Change Category dialog (docs/product.md#change-category-dialog): a search box 'Search categories' with a suggestions list (a combobox:
 * arrow keys move, Enter chooses), 'No matching categories found.', Cancel and Save; Save stays disabled until a
 * category is chosen. The subcategory's own category is never suggested (the server refuses that move).
 */
export function ChangeCategoryDialog({
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
      title="Change Category"
      description={subcategory ? `Move ${subcategory.name} to another category.` : undefined}
      returnFocusTo={returnFocusTo}
    >
      {subcategory ? <ChangeCategoryForm key={subcategory.id} subcategory={subcategory} onClose={onClose} /> : null}
    </Modal>
  );
}

function ChangeCategoryForm({ subcategory, onClose }: { subcategory: Subcategory; onClose: () => void }) {
  const listId = useId();
  const optionId = (id: number) => `${listId}-option-${id}`;
  const categories = useCategories().data?.categories;
  const move = useMoveSubcategory();
  const [search, setSearch] = useState('');
  // The chosen category's id: its row (its name) is read from the cached tree, so a live rename shows.
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = categories?.find((c) => c.id === chosenId) ?? null;
  const [activeIndex, setActiveIndex] = useState(0);

  const suggestions = chosen ? [] : matchCategories(categories ?? [], search, subcategory.category_id);
  const listShown = !chosen && search.trim() !== '';
  const active = suggestions[Math.min(activeIndex, suggestions.length - 1)];

  function choose(category: Category) {
    setChosenId(category.id);
    setSearch(category.name);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!listShown || suggestions.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActiveIndex((i) => (Math.min(i, suggestions.length - 1) + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((i) => (Math.min(i, suggestions.length - 1) - 1 + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      choose(active);
    }
  }

  function save() {
    if (!chosen) return;
    move.mutate(
      { subcategoryId: subcategory.id, newCategoryId: chosen.id },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
      },
    );
  }

  return (
    <div className="change-category">
      <label className="field__label" htmlFor={`${listId}-input`}>
        Search categories
      </label>
      <input
        id={`${listId}-input`}
        className="input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={listShown && suggestions.length > 0}
        aria-activedescendant={listShown && active ? optionId(active.id) : undefined}
        value={chosen ? chosen.name : search}
        onChange={(event) => {
          setSearch(event.target.value);
          setChosenId(null);
          setActiveIndex(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested categories"
        className="change-category__list"
        hidden={!listShown || suggestions.length === 0}
      >
        {suggestions.map((category) => (
          <li
            key={category.id}
            id={optionId(category.id)}
            role="option"
            aria-selected={category === active}
            className={category === active ? 'change-category__option change-category__option--active' : 'change-category__option'}
            // Keep the focus in the search box while choosing with the mouse.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(category)}
          >
            {category.name}
          </li>
        ))}
      </ul>
      {listShown && suggestions.length === 0 ? <p className="change-category__none">No matching categories found.</p> : null}
      <p className="change-category__chosen" aria-live="polite">
        {chosen ? (
          <>
            Move to <strong>{chosen.name}</strong>
          </>
        ) : null}
      </p>
      {move.isError ? (
        <p role="alert" className="form-error">
          {errorMessage(move.error, subcategoryUpdateFailedText)}
        </p>
      ) : null}
      <div className="dialog__footer">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn--primary" disabled={!chosen || move.isPending} onClick={save}>
          {move.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </div>
  );
}
