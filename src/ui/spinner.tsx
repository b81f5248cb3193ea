/** A small busy indicator: `role="status"` with a label, so assistive technology hears what is happening. */
export function Spinner({ label = 'Loading', size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`spinner spinner--${size}`} role="status" aria-label={label} />;
}
