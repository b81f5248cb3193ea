import { useCallback, useRef } from 'react';
import type { Subcategory } from '../../../contract/categories';
import { useGenerateBrandEquipments } from '../../api/brands';
import { generateEquipmentsFailedText, itemBrandIds, noBrandsForItemsText } from '../../api/equipments';
import { errorMessage } from '../../api/http';
import { awaitRunEnds } from '../../realtime/run-ends';
import { toast } from '../../ui/toast';
import { useSpend } from '../generation';

/**
 * Generate Items (docs/product.md#equipments-screen, the Actions dropdown): the models of the subcategory's brands, after the cost confirmation
 * (which says how many runs it queues and what they may cost). The outcome is an alert (docs/product.md#messages-and-errors): the server's
 * message, replaced by what the runs did once they have ended; a refusal or a failure shows the server's message, else 'Failed to generate equipments. Please try again.'.
 */
export function useGenerateItems(): (subcategory: Subcategory) => void {
  const generate = useGenerateBrandEquipments();
  const { spend } = useSpend();
  const busy = useRef(false);

  return useCallback(
    (subcategory: Subcategory) => {
      if (busy.current || generate.isPending) return;
      busy.current = true;
      void (async () => {
        try {
          const brands = await itemBrandIds(subcategory.id);
          if (brands.length === 0) {
            toast.error(noBrandsForItemsText);
            return;
          }
          const body = { subcategory_id: subcategory.id, brands };
          await spend({ type: 'Equipments', ...body }, `Generate the models of ${subcategory.name}.`, () =>
            generate.mutate(body, {
              onSuccess: (answer) => {
                if (!answer.success) return toast.error(answer.message);
                toast.success(answer.message);
                // Its runs' end replaces that toast, told once (docs/product.md#generation).
                awaitRunEnds(answer.run_ids);
              },
              onError: (error) => toast.error(errorMessage(error, generateEquipmentsFailedText)),
            }),
          );
        } catch (error) {
          toast.error(errorMessage(error, generateEquipmentsFailedText));
        } finally {
          busy.current = false;
        }
      })();
    },
    [generate, spend],
  );
}
