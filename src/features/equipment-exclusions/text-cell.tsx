import { TruncatedText } from '../../ui/data-table';

/** A grid cell's text: long text clamped to two lines (the whole text in the DOM, and on hover and focus), a dash when empty. */
export function TextCell({ value, clamp = false }: { value: string | number | null | undefined; clamp?: boolean }) {
  if (value == null || value === '') return <span className="exclusions-muted">—</span>;
  return clamp ? <TruncatedText text={String(value)} /> : <>{value}</>;
}
