/** A grid cell's text: long text clamped to two lines (the whole text stays in the DOM), a dash when empty. */
export function TextCell({ value, clamp = false }: { value: string | number | null | undefined; clamp?: boolean }) {
  if (value == null || value === '') return <span className="exclusions-muted">—</span>;
  return clamp ? (
    <span className="exclusions-clamp" title={String(value)}>
      {value}
    </span>
  ) : (
    <>{value}</>
  );
}
