import type { Subcategory } from '../../../contract/categories';
import { generateEquipmentsFailedText, useGenerateSubcategoryItems } from '../../api/equipments';
import { errorMessage } from '../../api/http';
import { ConfirmDialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';

/**
 * Generate Items (SPEC 2 Actions dropdown): generation spends tokens, so it is confirmed first. The outcome is an
 * alert (SPEC 8): the server's message; a refusal (`success: false`) or a failure shows the server's message, else
 * 'Failed to generate equipments. Please try again.'.
 */
export function GenerateItemsDialog({ subcategory, onClose }: { subcategory: Subcategory | null; onClose: () => void }) {
  const generate = useGenerateSubcategoryItems();

  function startGeneration() {
    if (!subcategory) return;
    generate.mutate(subcategory.id, {
      onSuccess: (answer) => (answer.success ? toast.success(answer.message) : toast.error(answer.message)),
      onError: (error) => toast.error(errorMessage(error, generateEquipmentsFailedText)),
    });
  }

  return (
    <ConfirmDialog
      open={subcategory !== null}
      onOpenChange={(open) => !open && onClose()}
      title={subcategory ? `Generate items for ${subcategory.name}?` : 'Generate items'}
      description="Equipment models are generated for the brands of this subcategory. The generation is paid for with tokens."
      confirmLabel="Generate Items"
      onConfirm={startGeneration}
    />
  );
}
