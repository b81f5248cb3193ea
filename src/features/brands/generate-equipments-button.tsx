import { Button } from '../../ui/button';
import { brandsTexts } from './brands-texts';

/**
 * docs/product.md#brands-screen: the floating 'Generate Equipments (N)' while N brands are ticked; disabled while the request runs, and
 * aria-disabled from the first click while the cost is asked (it stays focusable: the focus comes back to it). The
 * hold from the first click is `onGenerate`'s (features/generation useSpend), not the Button's, which would disable it.
 */
export function GenerateEquipmentsButton({
  count,
  running,
  asking = false,
  onGenerate,
}: {
  count: number;
  running: boolean;
  asking?: boolean;
  onGenerate: () => void;
}) {
  if (count === 0 && !running) return null;
  return (
    <div className="brands__floating">
      <Button
        variant="primary"
        className="brands__floating-button"
        pending={running}
        aria-disabled={(asking && !running) || undefined}
        onClick={() => void onGenerate()}
      >
        {brandsTexts.generateEquipments(count)}
      </Button>
    </div>
  );
}
