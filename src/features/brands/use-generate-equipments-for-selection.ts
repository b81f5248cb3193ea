import { generateEquipmentsFailedText, useGenerateBrandEquipments } from '../../api/brands';
import type { GenerateEquipmentsSelection } from '../../api/equipments';
import { errorMessage } from '../../api/http';
import { awaitRunEnds } from '../../realtime/run-ends';
import { toast } from '../../ui/toast';
import { useSpend } from '../generation';
import { brandsTexts } from './brands-texts';
import type { BrandSelectionScope } from './use-brand-row-selection';

/**
 * Generate Equipments (docs/product.md#brands-screen) for the ticked brands, or for every brand the grid's filter
 * matches ("All N matching selected"), after the cost confirmation. `running` from the operator's yes until the
 * request has answered (rows cannot be ticked meanwhile); `asking` while the cost is asked.
 */
export function useGenerateEquipmentsForSelection({ subcategory, q, total, selection }: BrandSelectionScope) {
  const { selectedIds, allMatching, deselectBrands } = selection;
  const generateEquipments = useGenerateBrandEquipments();
  const { spend, busy: asking, sending } = useSpend();
  const running = generateEquipments.isPending || sending;
  const count = allMatching.allMatching ? (total ?? 0) : selectedIds.length;

  const generate = () => {
    if (running || count === 0) return;
    const forFilter = allMatching.allMatching;
    const body: GenerateEquipmentsSelection = forFilter
      ? { subcategory_id: subcategory.id, filter: q ? { q } : {} }
      : { subcategory_id: subcategory.id, brands: [...selectedIds] };
    const what = forFilter
      ? brandsTexts.generateAllMatchingWhat(count, subcategory.name, q)
      : brandsTexts.generateWhat(count, subcategory.name);
    void spend({ type: 'Equipments', ...body }, what, () =>
      generateEquipments.mutateAsync(body, {
        onSuccess: (answer) => {
          if (!answer.success) return toast.error(answer.message);
          toast.success(answer.message);
          // The runs queued, ticked brands' or a filter's, are told in one toast when the last has ended
          // (docs/product.md#generation, "Run ends"); the answer names them, as the browser may not know the brands.
          awaitRunEnds(answer.run_ids);
          // The selection is spent (brands ticked by hand before "Select all" included).
          if (forFilter) {
            allMatching.clear();
            deselectBrands(selectedIds);
          }
        },
        onError: (error) => toast.error(errorMessage(error, generateEquipmentsFailedText)),
      }),
    );
  };

  return { count, running, asking, generate };
}
