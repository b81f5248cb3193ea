import type { Equipment } from '../../../contract/equipments';
import { exclusionTexts, useUnexcludeEquipment } from '../../api/exclusions';
import { toast } from '../../ui/toast';

/** The row's one working action (SPEC 2): 'Remove from Exclusion List', with the spec's toasts. */
export function RemoveEquipmentExclusion({ equipment }: { equipment: Pick<Equipment, 'id' | 'brand' | 'model'> }) {
  const unexclude = useUnexcludeEquipment();
  return (
    <button
      type="button"
      className="btn btn--secondary btn--compact"
      disabled={unexclude.isPending}
      onClick={() =>
        unexclude.mutate(equipment.id, {
          onSuccess: (answer) => toast.success(answer.message),
          onError: () => toast.error(exclusionTexts.equipmentRemovalFailed),
        })
      }
    >
      Remove from Exclusion List
    </button>
  );
}
