import { useId } from 'react';
import { transactionTypes } from '../../../contract/transaction-filters';
import { QuickFilter } from '../../ui/data-table/quick-filter';
import type { TransactionsSearch } from './transactions-search';
import { transactionsTexts, typeLabels } from './transactions-texts';

/** The date and type filters of docs/product.md#transactions-screen (the date as a range), and a search in the descriptions; each change is a URL change. */
export function TransactionsFilters({
  search,
  onChange,
}: {
  search: TransactionsSearch;
  onChange: (patch: Partial<TransactionsSearch>) => void;
}) {
  const fromId = useId();
  const toId = useId();
  const typeId = useId();
  const filtered = search.type !== undefined || search.from !== undefined || search.to !== undefined || Boolean(search.q);

  return (
    <div className="transactions__filters" role="group" aria-label="Filters">
      <fieldset className="transactions__dates">
        <legend className="field__label">Date</legend>
        <div className="transactions__date-range">
          <label className="sr-only" htmlFor={fromId}>
            From
          </label>
          <input
            id={fromId}
            className="input"
            type="date"
            value={search.from ?? ''}
            max={search.to}
            onChange={(event) => onChange({ from: event.target.value || undefined })}
          />
          <span aria-hidden="true">to</span>
          <label className="sr-only" htmlFor={toId}>
            To
          </label>
          <input
            id={toId}
            className="input"
            type="date"
            value={search.to ?? ''}
            min={search.from}
            onChange={(event) => onChange({ to: event.target.value || undefined })}
          />
        </div>
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={typeId}>
          Type
        </label>
        <select
          id={typeId}
          className="input"
          value={search.type ?? 'all'}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ type: value === 'all' ? undefined : (value as TransactionsSearch['type']) });
          }}
        >
          {(['all', ...transactionTypes] as const).map((value) => (
            <option key={value} value={value}>
              {typeLabels[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="field transactions__search">
        <span className="field__label" aria-hidden="true">
          Description
        </span>
        <QuickFilter
          value={search.q ?? ''}
          label="Search descriptions"
          placeholder="Contains…"
          onChange={(q) => onChange({ q: q.trim() === '' ? undefined : q })}
        />
      </div>
      {filtered ? (
        <button
          type="button"
          className="btn btn--link transactions__clear"
          onClick={() => onChange({ type: undefined, from: undefined, to: undefined, q: undefined })}
        >
          {transactionsTexts.clearFilters}
        </button>
      ) : null}
    </div>
  );
}
