import { Button } from '../../ui/button';
import { returnFocusToGrid } from '../../ui/data-table';
import { brandsTexts } from './brands-texts';

/** When the button goes (its selection spent) while it has the focus, the focus goes back to the grid's row. */
function handFocusToGridOnUnmount(button: HTMLButtonElement | null) {
  if (!button) return;
  return () => {
    if (document.activeElement !== button) return;
    queueMicrotask(() => {
      if (document.activeElement === document.body || document.activeElement === null) returnFocusToGrid();
    });
  };
}

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
        ref={handFocusToGridOnUnmount}
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
