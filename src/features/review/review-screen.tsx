import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import type { ReviewItem } from '../../../contract/review';
import { EmptyState } from '../../ui/empty-state';
import { FetchFailure } from '../../ui/fetch-failure';
import { Spinner } from '../../ui/spinner';
import { Button } from '../../ui/button';
import { RejectDialog } from './reject-dialog';
import { ReviewBulkBar } from './review-bulk-bar';
import { ReviewDay } from './review-day';
import { ReviewFilters } from './review-filters';
import type { ReviewSearch } from './review-search';
import { ReviewTable } from './review-table';
import { reviewTexts } from './review-texts';
import { useLoadOnSight } from './use-load-on-sight';
import { useReviewQueue } from './use-review-queue';
import './review.css';

/**
 * The review queue (docs/product.md#review-queue, docs/decisions/0025-review-of-generated-items.md): every new result,
 * grouped by the run that stored it, with Accept, Edit (models), Reject with a reason, the same for the ticked ones or
 * every one the filters match, each decision one undoable change; the triage keys; live (`reviewchanged` takes another
 * operator's decisions out, and brings a new run's results in).
 */
export function ReviewScreen() {
  const search = useSearch({ from: '/dashboard/review' });
  const update = useReviewSearchUpdate();
  const title = useRef<HTMLHeadingElement>(null);
  const queue = useReviewQueue(search, title);
  const { selection, total = 0 } = queue;
  const rejectTitle = (count: number) => `Reject ${count} ${count === 1 ? 'result' : 'results'}`;

  return (
    <section className="screen review" aria-labelledby="screen-title">
      <header className="review__header">
        <h1 id="screen-title" className="screen__title" ref={title} tabIndex={-1}>
          {reviewTexts.title}
        </h1>
        <ReviewDay />
      </header>
      <ReviewFilters search={search} onChange={update} />
      <p className="review__keys">
        <span className="review__keys-title">{reviewTexts.keysTitle}:</span> {reviewTexts.keys}
      </p>
      <ReviewBulkBar
        selected={selection.selectedItems}
        total={total}
        returnFocusRef={queue.returnFocus}
        onAcceptSelected={() => void queue.decide({ items: selection.selectedItems }, { decision: 'accept' })}
        onRejectSelected={() => queue.openReject({ items: selection.selectedItems }, rejectTitle(selection.selectedItems.length))}
        onAcceptMatching={() => void queue.decide({ filter: queue.queueFilter, loaded: queue.items }, { decision: 'accept' })}
        onRejectMatching={() => queue.openReject({ filter: queue.queueFilter, loaded: queue.items }, rejectTitle(total))}
      />
      <QueueBody queue={queue} filtered={Object.values(search).some((value) => value !== undefined)} />
      <RejectDialog request={queue.rejecting} onReject={queue.reject} onClose={queue.closeReject} returnFocusTo={queue.returnFocus} />
    </section>
  );
}

type Queue = ReturnType<typeof useReviewQueue>;

/** The grid, or its loading, failure and empty states, and the next page's loading. */
function QueueBody({ queue, filtered }: { queue: Queue; filtered: boolean }) {
  const { list, selection } = queue;
  if (list.isPending) return <Spinner label={reviewTexts.loading} />;
  if (list.isError && queue.items.length === 0)
    return <FetchFailure message={reviewTexts.fetchFailed} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (queue.items.length === 0)
    return (
      <EmptyState>
        <p className="empty-state__text">{filtered ? reviewTexts.noMatch : reviewTexts.empty}</p>
      </EmptyState>
    );
  const acceptItem = (item: ReviewItem) => void queue.decide({ items: [item] }, { decision: 'accept' });
  return (
    <>
      <p className="review__count" role="status">
        {reviewTexts.count(queue.total ?? queue.items.length)}
      </p>
      <ReviewTable
        groups={queue.groups}
        selected={selection.selected}
        allSelected={selection.allSelected}
        onSelectAll={selection.selectAll}
        now={list.dataUpdatedAt}
        onAcceptRest={(runId) => {
          const loaded = queue.items.filter((item) => item.run_id === runId);
          void queue.decide({ filter: { ...queue.queueFilter, run_id: runId }, loaded }, { decision: 'accept' });
        }}
        actions={{
          accept: acceptItem,
          toggle: selection.toggle,
          reject: (item) => queue.openReject({ items: [item] }, `Reject ${item.name}`, item),
          rejectAsDuplicate: (item) =>
            item.likely_duplicate &&
            void queue.decide({ items: [item] }, { decision: 'reject', reason: 'duplicate', duplicate_of: item.likely_duplicate.id }),
        }}
      />
      {list.hasNextPage ? <LoadMore list={list} /> : null}
    </>
  );
}

/** The next page, asked as it comes into view or by its button. */
function LoadMore({ list }: { list: Queue['list'] }) {
  const { isFetchingNextPage, fetchNextPage } = list;
  const button = useLoadOnSight<HTMLButtonElement>(!isFetchingNextPage, () => void fetchNextPage());
  return (
    <Button ref={button} className="review__more" pending={isFetchingNextPage} onClick={() => fetchNextPage()}>
      {reviewTexts.loadMore}
    </Button>
  );
}

/** Writes a filter into the URL, replacing the history entry (a filter is not a place Back returns to). */
function useReviewSearchUpdate(): (patch: Partial<ReviewSearch>) => void {
  const navigate = useNavigate({ from: '/dashboard/review' });
  return useCallback((patch) => void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true }), [navigate]);
}
