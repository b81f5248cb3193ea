import type { Category, Subcategory } from '../../../contract/categories';
import { BrandsTable } from './brands-table';
import { brandsTexts } from './brands-texts';
import './brands.css';

/**
 * docs/product.md#brands-screen (/dashboard/brands): the selected subcategory's brands. The route shows it in the frame of
 * the selection's screens (src/features/dashboard/selection-screen.tsx), which says what is missing until then.
 */
export const brandsScreen = {
  block: 'brands',
  title: 'Brands',
  notice: brandsTexts.selectSubcategory,
  content: ({ category, subcategory }: { category: Category | undefined; subcategory: Subcategory | undefined }) =>
    category && subcategory
      ? {
          subtitle: (
            <>
              {category.name} <span aria-hidden="true">›</span>
              <span className="sr-only">,</span> {subcategory.name}
            </>
          ),
          // A new subcategory starts a new table: its own query, scroll position and expansion.
          grid: <BrandsTable key={subcategory.id} category={category} subcategory={subcategory} />,
        }
      : null,
};
