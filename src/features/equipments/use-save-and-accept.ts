import type { Equipment } from '../../../contract/equipments';
import type { ExclusionChangeAnswer } from '../../../contract/exclusion-changes';
import { useReviewDecision } from '../../api/review';

/** Where the Equipment Details dialog tells an outcome: its status line (with Undo) and its alert. */
interface Feedback {
  done: (message: string, undo: ExclusionChangeAnswer['undo']) => void;
  setAlert: (text: string | null) => void;
}

/**
 * What follows the editor's save: "{brand} - {model} saved." on the status line; after "Save and accept" (a model not
 * reviewed yet, docs/product.md#review-queue) the model is then accepted as the review queue accepts it, one undoable
 * change, and the line says so (its Undo takes the acceptance back).
 */
export function useEditorSaved(feedback: Feedback) {
  const decide = useReviewDecision();
  return (saved: Equipment, andAccept: boolean) => {
    const name = `${saved.brand} - ${saved.model}`;
    if (!andAccept) return feedback.done(`${name} saved.`, null);
    const runId = saved.review?.run_id;
    decide.mutate(
      {
        body: { decision: 'accept', selection: { items: [{ kind: 'equipment', id: saved.id }] } },
        decidedPerRun: runId ? { [runId]: 1 } : {},
      },
      {
        onSuccess: (decision) => feedback.done(`${name} saved and accepted.`, decision.undo),
        onError: () => feedback.setAlert(`${name} saved; it could not be accepted. Please try again.`),
      },
    );
  };
}
