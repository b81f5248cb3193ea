import { useEffect, useId, useState } from 'react';

/**
 * The grid's quick filter: a labelled search box whose value reaches the table (and the URL, and a server query)
 * after a short pause in typing. Enter applies it at once; Escape clears it.
 */
export function QuickFilter({
  value,
  onChange,
  label,
  placeholder,
  delayMs = 250,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  delayMs?: number;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  // The value changed from outside (back button, a link): show it.
  if (value !== applied) {
    setApplied(value);
    setDraft(value);
  }

  useEffect(() => {
    if (draft === applied) return;
    const timer = window.setTimeout(() => onChange(draft), delayMs);
    return () => window.clearTimeout(timer);
  }, [draft, applied, onChange, delayMs]);

  return (
    <div className="data-table__filter">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="input data-table__filter-input"
        placeholder={placeholder ?? label}
        value={draft}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange(draft);
          if (event.key === 'Escape' && draft !== '') {
            event.preventDefault();
            setDraft('');
            onChange('');
          }
        }}
      />
    </div>
  );
}
