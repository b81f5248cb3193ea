import { useCallback } from 'react';
import type { ExclusionChangeAnswer } from '../../../contract/exclusion-changes';
import { useUndoExclusionChange } from '../../api/exclusion-changes';
import { errorMessage } from '../../api/http';
import { toast } from '../../ui/toast';

/** How long Undo is offered (the server accepts it for 10 minutes: contract/exclusion-changes.ts). */
export const undoOfferMs = 10_000;

export const undoTexts = {
  label: 'Undo',
  /** What radix announces for the button (the toast's own text is announced by its status role). */
  altText: 'To undo, press F8, then Tab to the Undo button.',
  failed: 'The change could not be undone. Please try again.',
} as const;

/**
 * The toast of an exclude or un-exclude (docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md): the product's message, with Undo for 10 s when the server
 * recorded a change. Undo runs once (the toast store guards it) and a second toast says what was restored.
 */
export function useExclusionToast() {
  const undo = useUndoExclusionChange();
  return useCallback(
    (text: string, change: ExclusionChangeAnswer['undo']) => {
      if (!change) {
        toast.success(text);
        return;
      }
      toast.success(text, {
        label: undoTexts.label,
        altText: undoTexts.altText,
        run: () =>
          void undo(change.change_id).then(
            (answer) => toast.success(answer.message),
            (error: unknown) => toast.error(errorMessage(error, undoTexts.failed)),
          ),
      });
    },
    [undo],
  );
}
