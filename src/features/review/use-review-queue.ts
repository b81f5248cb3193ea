import { useMemo, useRef, useState, type RefObject } from 'react';
import type { ReviewItem } from '../../../contract/review';
import { useReviewItems } from '../../api/review';
import { editLinkOf, focusedRef, leavesWith, stopOf } from './review-focus';
import { groupByRun, loadedItems, loadedRuns, neighbourOf, refOf, shownOrder } from './review-items';
import type { ReviewSearch } from './review-search';
import { queryOfReviewSearch } from './review-search';
import type { RejectRequest } from './reject-dialog';
import { useTriageKeys, type TriageKey } from './review-keys';
import { useReviewDecisions, type DecisionTarget, type QueueFilter, type Verdict } from './use-review-decisions';
import { useReviewSelection } from './use-review-selection';

type Rejecting = { request: RejectRequest; target: DecisionTarget };

/**
 * The queue's state and its decisions: the loaded results (less those just decided), grouped by run; the ticked
 * ones; the reason picker; the triage keys. The focus is never lost: a decision taken from a result's row moves it to
 * the next result (the one before when it was the last, the title when none is left) before the row leaves.
 */
export function useReviewQueue(search: ReviewSearch, title: RefObject<HTMLElement | null>) {
  const listFilter = useMemo(() => queryOfReviewSearch(search), [search]);
  const list = useReviewItems(listFilter);
  const decisions = useReviewDecisions(list.dataUpdatedAt);
  const items = useMemo(() => loadedItems(list.data, decisions.hidden), [list.data, decisions.hidden]);
  const groups = useMemo(() => groupByRun(items, loadedRuns(list.data)), [items, list.data]);
  const order = useMemo(() => shownOrder(groups), [groups]);
  const selection = useReviewSelection(order);
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  // Where a dialog of the queue (the reason picker, a confirmation) gives the focus back: its opener, until a decision
  // takes the opener away.
  const returnFocus = useRef<HTMLElement | null>(null);
  const { order: _order, ...filter } = listFilter;
  const queueFilter = filter as QueueFilter;

  /** The stop to focus once these results leave. */
  const afterLeaving = (leaving: readonly ReviewItem[]) => stopOf(neighbourOf(order, new Set(leaving.map(refOf)))) ?? title.current;

  const decide = (target: DecisionTarget, verdict: Verdict) => {
    const leaving = 'items' in target ? target.items : target.loaded;
    const refs = new Set(leaving.map(refOf));
    if (leavesWith(document.activeElement, refs)) afterLeaving(leaving)?.focus();
    if (leavesWith(returnFocus.current, refs)) returnFocus.current = afterLeaving(leaving);
    selection.clear();
    return decisions.decide(target, verdict);
  };

  const openReject = (target: DecisionTarget, title: string, forItem?: ReviewItem) => {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const likely = forItem?.likely_duplicate ?? null;
    const others = forItem ? order.filter((other) => other.kind === forItem.kind && other !== forItem && other.id !== likely?.id) : [];
    const duplicateChoices = [...(likely ? [{ id: likely.id, name: likely.name }] : []), ...others.slice(0, 50)];
    setRejecting({ request: { title, duplicateChoices, likelyDuplicateId: likely?.id ?? null }, target });
  };

  const reject = (verdict: Verdict) => {
    if (!rejecting) return Promise.resolve(false);
    return decide(rejecting.target, verdict);
  };

  const current = () => order.find((item) => refOf(item) === focusedRef());
  const onKey = (key: TriageKey) => {
    const item = current();
    if (key === 'undo') return decisions.undoLast();
    if (key === 'next' || key === 'previous') {
      const index = item ? order.indexOf(item) : -1;
      const to = item ? order[index + (key === 'next' ? 1 : -1)] : order[0];
      return stopOf(to)?.focus();
    }
    if (!item) return;
    if (key === 'accept') return void decide({ items: [item] }, { decision: 'accept' });
    if (key === 'reject') return openReject({ items: [item] }, `Reject ${item.name}`, item);
    editLinkOf(item)?.click();
  };
  useTriageKeys(onKey);

  return {
    list,
    items,
    groups,
    total: list.data?.pages.at(-1)?.total,
    selection,
    queueFilter,
    decide,
    openReject,
    rejecting: rejecting?.request ?? null,
    closeReject: () => setRejecting(null),
    reject,
    returnFocus,
  };
}
