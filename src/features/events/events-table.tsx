import { useMemo } from 'react';
import type { Category } from '../../../contract/categories';
import { eventsList } from '../../api/events';
import { usePagedList } from '../../api/paged-list';
import { eventExportColumns } from '../../../contract/grid-exports';
import { exportEvents } from '../../api/grid-exports';
import { useGridColumnSettings } from '../../api/grid-settings';
import { DataTable, ExportMenu, formatCount, useDataTable, useUrlTableState } from '../../ui/data-table';
import { useInfiniteScrollGrid } from '../../ui/infinite-scroll-grid';
import { eventColumns, eventSortable } from './event-columns';
import { EventsEmpty } from './events-empty';
import { eventsListParams } from './events-list-params';
import { eventsTexts } from './events-texts';
import { ReviewFilter, reviewTexts, SavedViewsMenu, useReviewFilter } from '../saved-views';

const defaultSort = { id: 'start_date', desc: false } as const;

/** The category's events, paged from the server as the operator scrolls; sort and filters live in the URL. */
export function EventsTable({ category }: { category: Category }) {
  const urlState = useUrlTableState({ sortable: eventSortable, defaultSort });
  const review = useReviewFilter();
  const params = useMemo(() => eventsListParams({ ...urlState.params, review: review.review }), [urlState.params, review.review]);
  const filtered = params.q !== undefined || params.review !== undefined;
  const query = usePagedList(eventsList, category.id, params);
  const events = useMemo(() => eventsList.loaded(query.data), [query.data]);
  const total = query.data?.pages.at(-1)?.total;

  const columnSettings = useGridColumnSettings('events');
  const table = useDataTable({
    columns: eventColumns,
    columnSettings,
    data: events,
    getRowId: (event) => String(event.id),
    serverSide: true,
    urlState,
  });

  const scrollPaging = useInfiniteScrollGrid(query, { loadedRows: events.length, total, failedText: eventsTexts.fetchFailed });

  if (query.isSuccess && total === 0 && !filtered) return <EventsEmpty category={category} />;

  return (
    <DataTable
      table={table}
      views={
        <>
          <ReviewFilter review={review.review} onChange={review.setReview} />
          <SavedViewsMenu grid="events" table={table} urlState={urlState} review={review} />
        </>
      }
      caption={`Events of ${category.name}`}
      filterLabel="Filter events by name"
      filterPlaceholder="Filter by name…"
      emptyText={
        filtered
          ? `No ${reviewTexts.rowsWord(params.review)}events of ${category.name}${params.q ? ` match “${params.q}”` : ''}.`
          : eventsTexts.noEvents(category.name)
      }
      {...scrollPaging}
      estimateRowHeight={64}
      actions={
        <ExportMenu
          table={table}
          exportable={eventExportColumns}
          disabled={total === 0}
          download={(columns) => exportEvents({ category_id: category.id, ...params }, columns)}
        />
      }
      summary={
        total === undefined ? null : (
          <span role="status">
            {formatCount(total)} {reviewTexts.rowsWord(params.review)}
            {total === 1 ? 'event' : 'events'}
            {params.q ? ` matching “${params.q}”` : ''}
          </span>
        )
      }
    />
  );
}
