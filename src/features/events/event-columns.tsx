import type { Event, EventSortField } from '../../../contract/events';
import { eventExportColumns as headers } from '../../../contract/grid-exports';
import { dataTableColumns, DateTimeCell, EmptyCell, formatDay, TextCell } from '../../ui/data-table';
import { ReviewMark } from '../saved-views';
import { safeWebsiteUrl, websiteLabel } from './website';

const col = dataTableColumns<Event>();

/** A text column the server does not sort by: long text clamped to two lines, a dash when empty. */
const unsortedText = (key: 'description' | 'address' | 'seo_title' | 'seo_description', width: string) =>
  col.accessor(key, { header: headers[key], enableSorting: false, cell: (c) => <TextCell value={c.getValue()} />, meta: { width } });

/** The columns of docs/product.md#events-screen. Ids of the sortable ones are the server's sort fields. */
export const eventColumns = col.columns([
  col.accessor('name', {
    header: headers.name,
    cell: ({ row }) => (
      <span>
        <strong>{row.original.name}</strong>
        <ReviewMark review={row.original.review} />
      </span>
    ),
    meta: { width: '220px', pin: 'left' },
  }),
  col.accessor((event) => event.category.name, {
    id: 'category',
    header: headers.category,
    enableSorting: false,
    // One category's events: the same on every row, so it yields when space is short (docs/decisions/0023-scope-columns-yield-to-decision-columns.md).
    meta: { width: '150px', scope: true },
  }),
  unsortedText('description', '280px'),
  unsortedText('address', '200px'),
  col.accessor('website', {
    header: headers.website,
    enableSorting: false,
    cell: (c) => <WebsiteLink value={c.getValue()} />,
    meta: { width: '190px', label: 'Website link' },
  }),
  col.accessor('event_type', { header: headers.event_type, cell: (c) => <TextCell value={c.getValue()} />, meta: { width: '140px' } }),
  col.accessor('start_date', { header: headers.start_date, cell: (c) => <DayCell value={c.getValue()} />, meta: { width: '130px' } }),
  col.accessor('end_date', { header: headers.end_date, cell: (c) => <DayCell value={c.getValue()} />, meta: { width: '130px' } }),
  unsortedText('seo_title', '220px'),
  unsortedText('seo_description', '280px'),
  col.accessor('created_at', { header: headers.created_at, cell: (c) => <DateTimeCell value={c.getValue()} />, meta: { width: '190px' } }),
]);

export const eventSortable: readonly EventSortField[] = ['name', 'event_type', 'start_date', 'end_date', 'created_at'];

function DayCell({ value }: { value: string | null }) {
  if (!value) return <EmptyCell />;
  return <time dateTime={value}>{formatDay(value)}</time>;
}

/** Only http(s) addresses become links; they open in a new tab without handing it this page (noopener noreferrer). */
function WebsiteLink({ value }: { value: string | null }) {
  const url = safeWebsiteUrl(value);
  if (!url) return <TextCell value={value} />;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="events__website" title={url}>
      {websiteLabel(url)}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
