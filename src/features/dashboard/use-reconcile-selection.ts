import { useEffect } from 'react';
import { useCategories } from '../../api/categories';
import { useSelection } from '../../store/selection';

/**
 * docs/product.md#selection: after categories load (and after every reload: realtime updates, renames, moves), reconcile the selection
 * with the new tree. The categories stay in the query cache; the store only keeps ids.
 */
export function useReconcileSelection(): void {
  const categories = useCategories().data?.categories;
  const reconcile = useSelection((s) => s.reconcileWithCategories);
  useEffect(() => {
    if (categories) reconcile(categories);
  }, [categories, reconcile]);
}
