import { generateBrandsFailedText, useGenerateBrands } from '../../api/brands';
import { generateEventsFailedText, useGenerateEvents } from '../../api/events';
import { errorMessage } from '../../api/http';
import { awaitRunEnds } from '../../realtime/run-ends';
import { toast } from '../../ui/toast';
import { useSpend } from './use-spend';

/** What the header's Regenerate acts on (structurally the header's `HeaderTarget`). */
type RegenerateTarget =
  | { type: 'Events'; category: { id: number; name: string } }
  | { type: 'Equipments'; category: { id: number; name: string }; subcategory: { id: number; name: string } };

/**
 * The header's Regenerate (docs/product.md#dashboard-header): the selected category's events (Events) or the selected subcategory's brands
 * (Equipments), after the cost confirmation. Ignored while the cost is asked or a request runs (docs/product.md#statuses); the outcome is
 * a toast with the server's message, or the failure text of docs/product.md#messages-and-errors.
 */
export function useHeaderRegenerate(): { regenerate: (target: RegenerateTarget) => void; running: boolean; busy: boolean } {
  const events = useGenerateEvents();
  const brands = useGenerateBrands();
  // While the cost is asked Regenerate stays (the focus comes back to it), aria-disabled; a second click is ignored
  // by `spend` from the first click until the request has answered.
  const { spend, busy, sending } = useSpend();
  const running = sending || events.isPending || brands.isPending;

  const regenerate = (target: RegenerateTarget) => {
    if (running) return;
    if (target.type === 'Events') {
      void spend({ type: 'Events', category_id: target.category.id }, `Regenerate the events of ${target.category.name}.`, () =>
        events.mutateAsync(target.category.id, {
          onSuccess: (answer) => {
            if (answer.message) toast.success(answer.message);
          },
          onError: (error) => toast.error(generateEventsFailedText(error)),
        }),
      );
      return;
    }
    void spend({ type: 'Brands', subcategory_id: target.subcategory.id }, `Regenerate the brands of ${target.subcategory.name}.`, () =>
      brands.mutateAsync(target.subcategory.id, {
        onSuccess: (answer) => {
          if (!answer.success) return toast.error(answer.message);
          toast.success(answer.message);
          // Queued: its end is told when it comes (docs/product.md#generation).
          awaitRunEnds(answer.run_ids);
        },
        onError: (error) => toast.error(errorMessage(error, generateBrandsFailedText)),
      }),
    );
  };

  return { regenerate, running, busy };
}
