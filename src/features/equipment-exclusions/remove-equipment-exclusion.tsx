import type { Equipment } from '../../../contract/equipments';
import { exclusionTexts, useUnexcludeEquipment } from '../../api/exclusions';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { useExclusionToast } from '../exclusion-undo';

/** The row's one working action (docs/product.md#equipment-exclusions): 'Remove from Exclusion List', with the spec's toasts (and Undo). */
export function RemoveEquipmentExclusion({ equipment }: { equipment: Pick<Equipment, 'id' | 'brand' | 'model'> }) {
  const unexclude = useUnexcludeEquipment();
  const showOutcome = useExclusionToast();
  return (
    <Button
      size="compact"
      disabled={unexclude.isPending}
      onClick={() =>
        unexclude.mutate(equipment.id, {
          onSuccess: (answer) => showOutcome(answer.message, answer.undo),
          onError: () => toast.error(exclusionTexts.equipmentRemovalFailed),
        })
      }
    >
      Remove from Exclusion List
    </Button>
  );
}
