import type { Brand } from '../../../contract/brands';
import type { GenerationHistoryEntry } from '../../../contract/history';
import { historyErrorText, useBrandHistory } from '../../api/brand-history';
import { formatCount, formatUtcDateTime } from '../../ui/data-table';
import { Modal } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { StatusBadge } from '../../ui/status-badge';
import { sanitizeHistoryMessage } from './sanitize';

/**
 * A brand's History (SPEC 2): its equipment generation runs, newest first, times in UTC en-US
 * ('Oct 1, 2026, 09:30 AM'); messages are server HTML, sanitised before rendering. Open while `brand` is set.
 */
export function BrandHistoryDialog({ brand, subcategoryId, onClose }: { brand: Brand | null; subcategoryId: number; onClose: () => void }) {
  return (
    <Modal
      open={brand !== null}
      onOpenChange={(open) => !open && onClose()}
      title="History"
      description={brand ? `Equipment generation runs of ${brand.name}, times in UTC.` : undefined}
      size="lg"
    >
      {brand ? <HistoryBody brandId={brand.id} subcategoryId={subcategoryId} /> : null}
    </Modal>
  );
}

function HistoryBody({ brandId, subcategoryId }: { brandId: number; subcategoryId: number }) {
  const { data, isPending, isError, isFetching, refetch } = useBrandHistory({ brandId, subcategoryId });
  if (isPending) {
    return (
      <div className="brands__dialog-state">
        <Spinner label="Loading history" />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="brands__dialog-state">
        <p role="alert" className="form-error">
          {historyErrorText}
        </p>
        <button type="button" className="btn btn--secondary" disabled={isFetching} onClick={() => void refetch()}>
          Retry
        </button>
      </div>
    );
  }
  if (data.length === 0) return <p className="brands__dialog-state">No generation has been performed for this brand.</p>;
  return <HistoryEntries entries={data} />;
}

function HistoryEntries({ entries }: { entries: readonly GenerationHistoryEntry[] }) {
  return (
    <div className="brands__history-scroll" role="region" aria-label="History entries" tabIndex={0}>
      <table className="brands__history">
        <caption className="sr-only">Generation runs, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date (UTC)</th>
            <th scope="col">Status</th>
            <th scope="col" className="brands__number">
              Models Generated
            </th>
            <th scope="col" className="brands__number">
              Total Tokens
            </th>
            <th scope="col">Message</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="brands__nowrap">
                <time dateTime={entry.created_at}>{formatUtcDateTime(entry.created_at)}</time>
              </td>
              <td>
                <StatusBadge name={entry.status} />
              </td>
              <td className="brands__number">{formatCount(entry.equipments_generated)}</td>
              <td className="brands__number" title={`${formatCount(entry.input_tokens)} in, ${formatCount(entry.output_tokens)} out`}>
                {formatCount(entry.total_tokens)}
              </td>
              <td>
                {/* Sanitised by DOMPurify (sanitize.ts): the server's HTML may carry anything. */}
                <div className="brands__message" dangerouslySetInnerHTML={{ __html: sanitizeHistoryMessage(entry.message) }} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
