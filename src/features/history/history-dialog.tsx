import type { ReactNode } from 'react';
import type { GenerationHistoryEntry } from '../../../contract/history';
import { historyErrorText, useHistory, type HistorySource } from '../../api/history';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { StatusBadge } from '../../ui/status-badge';
import { formatCount, formatUtcDateTime } from '../../ui/data-table/format';
import { generatedCount } from './generated-count';
import { RunFiguresLine } from './run-figures';
import { sanitizeHistoryMessage } from './sanitize-message';
import './history.css';

/**
 * The History dialog (docs/product.md#history-dialog, docs/product.md#data): the generation runs of
 * `source` with their token cost, newest first; times in UTC, en-US ('Oct 1, 2026, 09:30 AM UTC', docs/product.md#history-dialog). Messages
 * are server HTML, sanitised before rendering. The one History dialog of the product: the header's History button,
 * the Equipments screen and a brand's history icon; open while `source` is set. A brand's runs leave out the
 * category and subcategory columns (they are the brand's own). Under each message, what the run gave (proposed, added,
 * skipped as duplicates, dropped as invalid, accepted, rejected) and the AI model it asked.
 */
export function HistoryDialog({
  source,
  onClose,
  description,
  returnFocusTo,
  emptyText = 'No history yet.',
}: {
  source: HistorySource | null;
  onClose: () => void;
  /** What the runs are of, e.g. "Model generation runs of Excavators." */
  description?: ReactNode;
  /** Where the focus goes on close when the opener is gone by then (a menu item). Default: the opener. */
  returnFocusTo?: { current: HTMLElement | null };
  /** Shown when no run matches. */
  emptyText?: string;
}) {
  return (
    <Modal
      open={source !== null}
      onOpenChange={(open) => !open && onClose()}
      title="History"
      description={description}
      size="xl"
      className="history-dialog"
      returnFocusTo={returnFocusTo}
    >
      {source ? <HistoryBody source={source} emptyText={emptyText} /> : null}
    </Modal>
  );
}

function HistoryBody({ source, emptyText }: { source: HistorySource; emptyText: string }) {
  const { data, isPending, isError, refetch, isFetching } = useHistory(source);

  if (isPending) {
    return (
      <div className="history__state">
        <Spinner label="Loading history" />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="history__state">
        {/* The alert is the message alone: FetchFailure's would read its Retry label as well. */}
        <p role="alert" className="form-error">
          {historyErrorText}
        </p>
        <Button disabled={isFetching} onClick={() => void refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (data.length === 0) return <p className="history__state history__empty">{emptyText}</p>;
  return <HistoryTable entries={data} showPlace={!isOneBrand(source)} />;
}

const isOneBrand = (source: HistorySource) => source.kind === 'brand' && source.params.brand_id !== undefined;

function HistoryTable({ entries, showPlace }: { entries: readonly GenerationHistoryEntry[]; showPlace: boolean }) {
  return (
    <div className="history__scroll" role="region" aria-label="History entries" tabIndex={0}>
      <table className="history__table">
        <caption className="sr-only">Generation history, newest first</caption>
        <thead>
          <tr>
            {showPlace ? (
              <>
                <th scope="col">Category</th>
                <th scope="col">Subcategory</th>
              </>
            ) : null}
            <th scope="col" className="history__number">
              Input Tokens
            </th>
            <th scope="col" className="history__number">
              Output Tokens
            </th>
            <th scope="col" className="history__number">
              Total Tokens
            </th>
            <th scope="col" className="history__number">
              Generated
            </th>
            <th scope="col">Status</th>
            <th scope="col">Message</th>
            <th scope="col">Created At</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              {showPlace ? (
                <>
                  <td>{entry.category.name}</td>
                  <td>{entry.subcategory?.name ?? <span className="history__muted">—</span>}</td>
                </>
              ) : null}
              <td className="history__number">{formatCount(entry.input_tokens)}</td>
              <td className="history__number">{formatCount(entry.output_tokens)}</td>
              <td className="history__number">{formatCount(entry.total_tokens)}</td>
              <td className="history__number">{generatedCount(entry)}</td>
              <td>
                <StatusBadge name={entry.status} />
              </td>
              <td>
                {/* Sanitised by DOMPurify (sanitize-message.ts): the server's HTML may carry anything. */}
                <div className="history__message" dangerouslySetInnerHTML={{ __html: sanitizeHistoryMessage(entry.message) }} />
                <RunFiguresLine figures={entry.figures} providerModel={entry.provider_model} promptVersion={entry.prompt_version} />
              </td>
              <td className="history__time">
                <time dateTime={entry.created_at}>{formatUtcDateTime(entry.created_at)} UTC</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
