import { useSelector } from '@tanstack/react-form';
import { useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Category, Subcategory } from '../../../contract/categories';
import { subcategoryUpdateFailedText, useCategories, useMoveSubcategory } from '../../api/categories';
import { formRefusalOf } from '../../api/field-errors';
import { errorMessage } from '../../api/http';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { errorTexts, setFieldErrors, submitForm } from '../../ui/form/field-errors';
import { useFieldContext } from '../../ui/form/form-context';
import { useAppForm } from '../../ui/form/use-app-form';
import { toast } from '../../ui/toast';
import { matchCategories } from './category-search';
import { SubcategoryDialog, type SubcategoryDialogProps } from './subcategory-dialog';

/**
 * The Change Category dialog (docs/product.md#change-category-dialog): a search box 'Search categories' with a suggestions list (a combobox:
 * arrow keys move, Enter chooses), 'No matching categories found.', Cancel and Save; Save stays disabled until a
 * category is chosen. The list shows every category before anything is typed, and the focus starts in the search box.
 * The subcategory's own category is never suggested (the server refuses that move); a category that already has a
 * subcategory of its name is refused at the field.
 */
export function ChangeCategoryDialog(props: SubcategoryDialogProps) {
  const search = useRef<HTMLInputElement>(null);
  return (
    <SubcategoryDialog
      {...props}
      title={() => 'Change Category'}
      description={(subcategory) => `Move ${subcategory.name} to another category.`}
      initialFocus={search}
    >
      {(subcategory) => <ChangeCategoryForm subcategory={subcategory} onClose={props.onClose} searchRef={search} />}
    </SubcategoryDialog>
  );
}

/** The body's field the form fills (contract/categories.ts `moveSubcategory`): the server names it when it refuses. */
const fields = ['newCategoryId'] as const;

interface ChangeCategoryFormProps {
  subcategory: Subcategory;
  onClose: () => void;
  searchRef: RefObject<HTMLInputElement | null>;
}

function ChangeCategoryForm({ subcategory, onClose, searchRef }: ChangeCategoryFormProps) {
  const categories = useCategories().data?.categories;
  const move = useMoveSubcategory();
  const form = useAppForm({
    defaultValues: { newCategoryId: null as number | null },
    onSubmit: async ({ value, formApi }) => {
      if (value.newCategoryId === null) return;
      try {
        const answer = await move.mutateAsync({ subcategoryId: subcategory.id, newCategoryId: value.newCategoryId });
        toast.success(answer.message);
        onClose();
      } catch (error) {
        setFieldErrors(formApi, formRefusalOf(error, fields)?.fields ?? {});
      }
    },
  });
  // The chosen category's row (its name) is read from the cached tree, so a live rename shows.
  const chosenId = useSelector(form.store, (state) => state.values.newCategoryId);
  const chosen = categories?.find((category) => category.id === chosenId) ?? null;
  const saving = useSelector(form.store, (state) => state.isSubmitting);
  // A refusal at the field shows there; any other failure is the dialog's alert.
  const alert = move.isError && !formRefusalOf(move.error, fields)?.fields.newCategoryId;

  return (
    <div className="change-category">
      <form.AppField name="newCategoryId">
        {() => <CategoryCombobox categories={categories ?? []} currentCategoryId={subcategory.category_id} inputRef={searchRef} />}
      </form.AppField>
      <p className="change-category__chosen" aria-live="polite">
        {chosen ? (
          <>
            Move to <strong>{chosen.name}</strong>
          </>
        ) : null}
      </p>
      {alert ? (
        <p role="alert" className="form-error">
          {errorMessage(move.error, subcategoryUpdateFailedText)}
        </p>
      ) : null}
      <div className="dialog__footer">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" disabled={!chosen} pending={saving} pendingLabel="Saving..." onClick={() => submitForm(form)}>
          Save
        </Button>
      </div>
    </div>
  );
}

interface CategoryComboboxProps {
  categories: readonly Category[];
  currentCategoryId: number;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * 'Search categories' and its suggestions: choosing one sets the field to its id; typing again unsets it. The results
 * keep one height, so the dialog does not move as they change.
 */
function CategoryCombobox({ categories, currentCategoryId, inputRef }: CategoryComboboxProps) {
  const field = useFieldContext<number | null>();
  const listId = useId();
  const optionId = (id: number) => `${listId}-option-${id}`;
  const [search, setSearch] = useState('');
  const chosen = categories.find((category) => category.id === field.state.value) ?? null;
  const suggestions = chosen ? [] : matchCategories(categories, search, currentCategoryId);
  const listShown = !chosen;
  const choose = (category: Category) => {
    field.handleChange(category.id);
    setSearch(category.name);
  };
  const { active, onKeyDown, reset } = useActiveSuggestion(listShown ? suggestions : [], choose);

  return (
    <Field label="Search categories" errors={errorTexts(field.state.meta.errors)}>
      {(control) => (
        <>
          <input
            {...control}
            ref={inputRef}
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
              field.handleChange(null);
              reset();
            }}
            onKeyDown={onKeyDown}
          />
          <div className="change-category__results">
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
          </div>
        </>
      )}
    </Field>
  );
}

const arrowSteps: Readonly<Record<string, number>> = { ArrowDown: 1, ArrowUp: -1 };

/** The suggestion the arrow keys have reached; Enter chooses it. */
function useActiveSuggestion(suggestions: readonly Category[], choose: (category: Category) => void) {
  const [activeIndex, setActiveIndex] = useState(0);
  const active = suggestions[Math.min(activeIndex, suggestions.length - 1)];
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.length === 0) return;
    const step = arrowSteps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      setActiveIndex((i) => (Math.min(i, suggestions.length - 1) + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      choose(active);
    }
  };
  return { active, onKeyDown, reset: () => setActiveIndex(0) };
}
