import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import type { Category, Subcategory } from '../../../contract/categories';
import { categoriesErrorText, useCategories } from '../../api/categories';
import { useEquipmentStatuses } from '../../api/statuses';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { HistoryDialog } from '../history';
import { BrandsDialog } from './brands-dialog';
import { CategoryList } from './category-list';
import { ChangeCategoryDialog } from './change-category-dialog';
import { EquipmentDetailsDialog } from './equipment-details-dialog';
import { EquipmentsTabs } from './equipments-tabs';
import { useGenerateItems } from './use-generate-items';
import type { SubcategoryAction } from './subcategory-model';
import { SubcategoryList, type SubcategoryActionHandler } from './subcategory-list';
import './equipments.css';

/** An open dialog holds its subcategory's id; the row is read from the cached tree, so live renames and moves show. */
type OpenDialog = { kind: Exclude<SubcategoryAction, 'view-items' | 'generate-items'>; subcategoryId: number };

function findSubcategory(categories: readonly Category[] | undefined, id: number | undefined): Subcategory | null {
  if (id === undefined || !categories) return null;
  for (const category of categories) {
    const found = category.subcategories.find((s) => s.id === id);
    if (found) return found;
  }
  return null;
}

/**
 * docs/product.md#equipments-screen (/dashboard/equipments): the tab bar, the categories on the left (the selected one's
 * subcategories on the right), and the dialogs of a subcategory's actions.
 *
 * The selected category is the header's selection, in the screen's address (`?category=&subcategory=`, read and written
 * by the route): the first category is selected by default (docs/product.md#selection), and the header's History and
 * Regenerate act on what this screen shows.
 */
export function EquipmentsScreen({
  selectedCategoryId,
  onSelectCategory,
}: {
  selectedCategoryId: number | null;
  onSelectCategory: (category: Category) => void;
}) {
  const categoriesQuery = useCategories();
  const statusScope = useMemo(
    () => (selectedCategoryId === null ? null : ({ category_id: selectedCategoryId, per_subcategory: 'true' } as const)),
    [selectedCategoryId],
  );
  const statuses = useEquipmentStatuses(statusScope).data;
  const categories = categoriesQuery.data?.categories;
  const selected = categories?.find((c) => c.id === selectedCategoryId) ?? categories?.[0];
  const dialogs = useSubcategoryDialogs(categories);

  let panel: ReactNode;
  if (categories && selected) {
    panel = (
      <div className="equipments__layout">
        <CategoryList categories={categories} selectedId={selected.id} onSelect={onSelectCategory} />
        <SubcategoryList category={selected} statuses={statuses} onAction={dialogs.onAction} />
      </div>
    );
  } else if (categories) {
    panel = <p className="equipments__empty">No categories available</p>;
  } else if (categoriesQuery.isError) {
    panel = (
      <div className="equipments__error" role="alert">
        <p>{categoriesErrorText}</p>
        <Button disabled={categoriesQuery.isFetching} onClick={() => void categoriesQuery.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else {
    panel = (
      <div className="equipments__loading">
        <Spinner label="Loading categories and equipment" size="lg" />
      </div>
    );
  }

  return (
    <section className="screen equipments" aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen__title">
        Equipments
      </h1>
      <EquipmentsTabs />
      {panel}
      {dialogs.element}
    </section>
  );
}

/**
 * The dialogs of a subcategory's actions. The Equipment Details dialog is in the URL (`?items={subcategory id}` with its
 * grid's sort and filter), so it survives a reload and can be linked; the other dialogs are local state.
 */
function useSubcategoryDialogs(categories: readonly Category[] | undefined) {
  const itemsId = useSearch({ from: '/dashboard/equipments/', select: (search) => search.items });
  const navigate = useNavigate({ from: '/dashboard/equipments/' });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // Where the focus returns when a dialog closes (kept after the close: the dialog reads it while unmounting).
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const generateItems = useGenerateItems();

  const onAction: SubcategoryActionHandler = (action, subcategory, from) => {
    setOpener(from);
    if (action === 'generate-items') return generateItems(subcategory);
    if (action === 'view-items') return void navigate({ search: (previous) => ({ ...previous, items: subcategory.id }), replace: true });
    setDialog({ kind: action, subcategoryId: subcategory.id });
  };
  const closeDetails = () =>
    void navigate({
      search: (previous) => ({ ...previous, items: undefined, q: undefined, sort: undefined, dir: undefined, cols: undefined }),
      replace: true,
    });
  const closeDialog = () => setDialog(null);
  const dialogSubcategory = findSubcategory(categories, dialog?.subcategoryId);
  const dialogFor = (kind: OpenDialog['kind']) => (dialog?.kind === kind ? dialogSubcategory : null);
  const historySubcategory = dialogFor('history');
  const returnFocusTo = { current: opener };

  const element = (
    <>
      <EquipmentDetailsDialog subcategory={findSubcategory(categories, itemsId)} onClose={closeDetails} returnFocusTo={returnFocusTo} />
      <HistoryDialog
        source={historySubcategory ? { kind: 'equipment', subcategoryName: historySubcategory.name } : null}
        description={historySubcategory ? `Model generation runs of ${historySubcategory.name}.` : undefined}
        onClose={closeDialog}
        returnFocusTo={returnFocusTo}
      />
      <BrandsDialog subcategory={dialogFor('view-brands')} onClose={closeDialog} returnFocusTo={returnFocusTo} />
      <ChangeCategoryDialog subcategory={dialogFor('change-category')} onClose={closeDialog} returnFocusTo={returnFocusTo} />
    </>
  );
  return { onAction, element };
}
