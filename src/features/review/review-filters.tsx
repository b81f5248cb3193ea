import { Link } from '@tanstack/react-router';
import { reviewKinds, reviewOrders } from '../../../contract/review';
import { useCategories } from '../../api/categories';
import { SelectFilter } from '../../ui/paged-grid';
import type { ReviewSearch } from './review-search';
import { kindFilterLabels, orderLabels, reviewTexts } from './review-texts';

/**
 * The queue's filters, each a URL change: kind, category and subcategory (from the category tree the header has
 * cached), the order, and the run a link named, as a chip that removes it.
 */
export function ReviewFilters({ search, onChange }: { search: ReviewSearch; onChange: (patch: Partial<ReviewSearch>) => void }) {
  const categories = useCategories().data?.categories ?? [];
  const category = categories.find((c) => c.id === search.category);
  const byId = (list: readonly { id: number; name: string }[]) => new Map(list.map((entry) => [String(entry.id), entry.name]));
  const categoryNames = byId(categories);
  const subcategoryNames = byId(category?.subcategories ?? []);
  return (
    <div className="review__filters" role="group" aria-label="Filters">
      <SelectFilter
        label="Kind"
        value={search.kind}
        options={reviewKinds}
        optionLabel={(kind) => kindFilterLabels[kind]}
        onChange={(kind) => onChange({ kind })}
      />
      <SelectFilter
        label="Category"
        value={search.category === undefined ? undefined : String(search.category)}
        options={[...categoryNames.keys()]}
        optionLabel={(id) => categoryNames.get(id) ?? id}
        onChange={(id) => onChange({ category: id === undefined ? undefined : Number(id), subcategory: undefined })}
      />
      <SelectFilter
        label="Subcategory"
        value={search.subcategory === undefined ? undefined : String(search.subcategory)}
        options={[...subcategoryNames.keys()]}
        optionLabel={(id) => subcategoryNames.get(id) ?? id}
        onChange={(id) => onChange({ subcategory: id === undefined ? undefined : Number(id) })}
      />
      <SelectFilter
        label="Order"
        value={search.order === 'oldest' ? undefined : search.order}
        options={reviewOrders.filter((order) => order !== 'oldest')}
        optionLabel={(order) => orderLabels[order]}
        allLabel={orderLabels.oldest}
        onChange={(order) => onChange({ order })}
      />
      {search.run !== undefined ? (
        <span className="review__chip">
          {reviewTexts.runChip(search.run)}
          <Link
            to="/dashboard/review"
            search={(previous) => ({ ...previous, run: undefined })}
            className="review__chip-remove"
            aria-label={reviewTexts.removeRun(search.run)}
          >
            <span aria-hidden="true">×</span>
          </Link>
        </span>
      ) : null}
    </div>
  );
}
