import { useCallback, useRef, useState } from 'react';
import { HistoryDialog } from './history-dialog';
import { historySourceOf, type HistoryTarget } from './history-source';

function describe(target: HistoryTarget): string {
  return target.type === 'Events'
    ? `Event generation runs of ${target.category.name}.`
    : `Brand and model generation runs of ${target.subcategory.name} (${target.category.name}).`;
}

/** The header's History dialog: `open(target)` is the header's `onHistory`; render `dialog` once. */
export function useHeaderHistory() {
  const [target, setTarget] = useState<HistoryTarget | null>(null);
  // The header's History button: the focus goes back to it when the dialog closes.
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((next: HistoryTarget) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setTarget(next);
  }, []);
  const dialog = (
    <HistoryDialog
      source={target ? historySourceOf(target) : null}
      description={target ? describe(target) : undefined}
      onClose={() => setTarget(null)}
      returnFocusTo={opener}
    />
  );
  return { open, dialog };
}
