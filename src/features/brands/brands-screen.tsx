import { categoriesErrorText, useCategories } from '../../api/categories';
import { useSelection } from '../../store/selection';
import { Spinner } from '../../ui/spinner';
import { BrandsTable } from './brands-table';
import { brandsTexts } from './brands-texts';
import './brands.css';

/** docs/product.md#brands-screen (/dashboard/brands): the selected subcategory's brands. */
export function BrandsScreen() {
  const categoryId = useSelection((s) => s.selectedCategoryId);
  const subcategoryId = useSelection((s) => s.selectedSubcategoryId);
  const categories = useCategories();
  const category = categories.data?.categories.find((c) => c.id === categoryId);
  const subcategory = category?.subcategories.find((s) => s.id === subcategoryId);

  return (
    <section className="screen brands" aria-labelledby="screen-title">
      <header className="brands__header">
        <h1 id="screen-title" className="screen__title">
          Brands
        </h1>
        {category && subcategory ? (
          <p className="brands__subtitle">
            {category.name} <span aria-hidden="true">›</span>
            <span className="sr-only">,</span> {subcategory.name}
          </p>
        ) : null}
      </header>
      {category && subcategory ? (
        // A new subcategory starts a new table: its own query, scroll position and expansion.
        <BrandsTable key={subcategory.id} category={category} subcategory={subcategory} />
      ) : categories.isError && !categories.data ? (
        // The categories failed, not the brands: say so, with Retry (docs/product.md#keyboard-focus-and-feedback).
        <div className="brands__notice" role="alert">
          {categoriesErrorText}{' '}
          <button type="button" className="btn btn--link" disabled={categories.isFetching} onClick={() => void categories.refetch()}>
            Retry
          </button>
        </div>
      ) : categories.isPending ? (
        <div className="brands__state">
          <Spinner label="Loading categories" />
        </div>
      ) : (
        <p className="brands__notice">{brandsTexts.selectSubcategory}</p>
      )}
    </section>
  );
}
