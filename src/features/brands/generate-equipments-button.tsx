import { brandsTexts } from './brands-texts';

/**
 * docs/product.md#brands-screen: the floating 'Generate Equipments (N)' while N brands are ticked; disabled while the request runs, and
 * aria-disabled from the first click while the cost is asked (it stays focusable: the focus comes back to it).
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
      <button
        type="button"
        className="btn btn--primary brands__floating-button"
        disabled={running}
        aria-disabled={(asking && !running) || undefined}
        aria-busy={running || undefined}
        onClick={onGenerate}
      >
        {running ? <span className="spinner spinner--sm spinner--inverse" aria-hidden="true" /> : null}
        {brandsTexts.generateEquipments(count)}
      </button>
    </div>
  );
}
