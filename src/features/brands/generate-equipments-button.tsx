import { brandsTexts } from './brands-texts';

/** SPEC 2: the floating 'Generate Equipments (N)' while N brands are ticked; busy while the request runs. */
export function GenerateEquipmentsButton({ count, running, onGenerate }: { count: number; running: boolean; onGenerate: () => void }) {
  if (count === 0 && !running) return null;
  return (
    <div className="brands__floating">
      <button
        type="button"
        className="btn btn--primary brands__floating-button"
        disabled={running}
        aria-busy={running || undefined}
        onClick={onGenerate}
      >
        {running ? <span className="spinner spinner--sm spinner--inverse" aria-hidden="true" /> : null}
        {brandsTexts.generateEquipments(count)}
      </button>
    </div>
  );
}
