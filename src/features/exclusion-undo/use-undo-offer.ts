import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExclusionChangeAnswer } from '../../../contract/exclusion-changes';
import { useUndoExclusionChange } from '../../api/exclusion-changes';
import { errorMessage } from '../../api/http';
import { undoOfferMs, undoTexts } from './use-exclusion-toast';

/**
 * Undo offered beside a screen's own status line, where a toast cannot be reached (a modal dialog hides the page,
 * toasts included, from assistive technology). `offer(change)` shows it for 10 s; `undo()` runs once (a flag set
 * synchronously, so a double click sends one request) and says what was restored, or why not, through the callbacks.
 */
export function useUndoOffer(outcome: { done: (text: string) => void; failed: (text: string) => void }) {
  const undoChange = useUndoExclusionChange();
  const [changeId, setChangeId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const { done, failed } = outcome;

  useEffect(() => {
    if (changeId === null || busy) return;
    const timer = window.setTimeout(() => setChangeId(null), undoOfferMs);
    return () => window.clearTimeout(timer);
  }, [changeId, busy]);

  const offer = useCallback((change: ExclusionChangeAnswer['undo']) => setChangeId(change?.change_id ?? null), []);

  const undo = useCallback(() => {
    if (changeId === null || busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    void undoChange(changeId)
      .then(
        (answer) => done(answer.message),
        (error: unknown) => failed(errorMessage(error, undoTexts.failed)),
      )
      .finally(() => {
        busyRef.current = false;
        setBusy(false);
        setChangeId(null);
      });
  }, [changeId, undoChange, done, failed]);

  return { offered: changeId !== null, busy, offer, undo };
}
