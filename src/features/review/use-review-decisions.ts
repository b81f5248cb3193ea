import { useCallback, useMemo, useRef, useState } from 'react';
import type { RejectReason, ReviewItem } from '../../../contract/review';
import type { ReviewDecision } from '../../api/staleness/review';
import { useUndoExclusionChange } from '../../api/exclusion-changes';
import { errorMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import { undoTexts } from '../exclusion-undo';
import { useReviewDecision } from '../../api/review';
import { refOf } from './review-items';
import { reviewTexts } from './review-texts';

/** The queue's filter as a decision sends it. */
export type QueueFilter = Extract<ReviewDecision['selection'], { filter: unknown }>['filter'];

/** Accept, or reject with its reason (a duplicate names the result it repeats, "Other" carries a comment). */
export type Verdict = { decision: 'accept' } | { decision: 'reject'; reason: RejectReason; comment?: string; duplicate_of?: number };

/** What a decision is about: results picked by hand, or every new result a filter matches (the loaded ones hidden at once). */
export type DecisionTarget = { items: readonly ReviewItem[] } | { filter: QueueFilter; loaded: readonly ReviewItem[] };

/** How many of the results each run holds. */
function perRun(items: readonly ReviewItem[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const item of items) if (item.run_id !== null) counts[item.run_id] = (counts[item.run_id] ?? 0) + 1;
  return counts;
}

/** Results decided but still in the cache: hidden until the cache has them out (`until`: the list's update after it). */
type Hidden = Map<string, number>;
const untilAnswered = Number.POSITIVE_INFINITY;

/**
 * Decisions (docs/decisions/0025-review-of-generated-items.md): each is one request and one change of the exclusion
 * journal. The decided results leave the screen at once (hidden here until the cache has them out: picked ones are
 * patched out by the staleness map, a filter's refetched); a failure brings them back with its message. The toast
 * offers Undo, and `undoLast` (the `u` key) undoes the latest decision of this screen.
 */
export function useReviewDecisions(listUpdatedAt: number) {
  const mutation = useReviewDecision();
  const undoChange = useUndoExclusionChange();
  const [hidden, setHidden] = useState<Hidden>(() => new Map());
  const lastChange = useRef<number | null>(null);

  const hide = (refs: readonly string[], until: number) =>
    setHidden((current) => new Map([...current, ...refs.map((ref) => [ref, until] as const)]));
  const show = (refs: readonly string[]) => setHidden((current) => new Map([...current].filter(([ref]) => !refs.includes(ref))));

  const undo = useCallback(
    (changeId: number) => {
      if (lastChange.current === changeId) lastChange.current = null;
      return undoChange(changeId).then(
        (answer) => void toast.success(answer.message),
        (error: unknown) => void toast.error(errorMessage(error, undoTexts.failed)),
      );
    },
    [undoChange],
  );

  const { mutateAsync } = mutation;
  const decide = useCallback(
    async (target: DecisionTarget, verdict: Verdict): Promise<boolean> => {
      const picked = 'items' in target;
      const refs = (picked ? target.items : target.loaded).map(refOf);
      hide(refs, untilAnswered);
      try {
        const selection = picked ? { items: target.items.map(({ kind, id }) => ({ kind, id })) } : { filter: target.filter };
        const answer = await mutateAsync({ body: { ...verdict, selection }, decidedPerRun: picked ? perRun(target.items) : {} });
        // A picked decision is out of the cache already; a filter's waits for the refetch that follows.
        if (picked && answer.skipped === 0) show(refs);
        else hide(refs, Date.now());
        const changeId = answer.undo?.change_id ?? null;
        lastChange.current = changeId;
        if (changeId === null) toast.success(answer.message);
        else toast.success(answer.message, { label: undoTexts.label, altText: undoTexts.altText, run: () => void undo(changeId) });
        return true;
      } catch (error) {
        show(refs);
        toast.error(errorMessage(error, reviewTexts.decideFailed));
        return false;
      }
    },
    [mutateAsync, undo],
  );

  const undoLast = useCallback(() => {
    const changeId = lastChange.current;
    if (changeId !== null) void undo(changeId);
  }, [undo]);

  // An entry whose list has updated since its answer is out of the cache: it no longer hides anything.
  const hiddenRefs = useMemo(
    () => new Set([...hidden].filter(([, until]) => until >= listUpdatedAt).map(([ref]) => ref)),
    [hidden, listUpdatedAt],
  );
  return { hidden: hiddenRefs, decide, undoLast };
}
