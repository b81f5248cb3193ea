import { useId } from 'react';
import { transactionTypes } from '../../../contract/transaction-filters';
import { Button } from '../../ui/button';
import { QuickFilter } from '../../ui/data-table/quick-filter';
import { SelectFilter } from '../../ui/paged-grid';
import type { TransactionsSearch } from './transactions-search';
import { transactionsTexts, typeLabels } from './transactions-texts';

type FiltersProps = { search: TransactionsSearch; onChange: (patch: Partial<TransactionsSearch>) => void };

/** The date and type filters of docs/product.md#transactions-screen (the date as a range), and a search in the descriptions; each change is a URL change. */
export function TransactionsFilters({ search, onChange }: FiltersProps) {
  const filtered = search.type !== undefined || search.from !== undefined || search.to !== undefined || Boolean(search.q);
  return (
    <>
      <DateRangeFilter search={search} onChange={onChange} />
      <SelectFilter
        label="Type"
        value={search.type}
        options={transactionTypes}
        optionLabel={(type) => typeLabels[type]}
        allValue="all"
        allLabel={typeLabels.all}
        onChange={(type) => onChange({ type })}
      />
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
        <Button
          variant="link"
          className="transactions__clear"
          onClick={() => onChange({ type: undefined, from: undefined, to: undefined, q: undefined })}
        >
          {transactionsTexts.clearFilters}
        </Button>
      ) : null}
    </>
  );
}

/** "Date": from one day to another, each end optional. */
function DateRangeFilter({ search, onChange }: FiltersProps) {
  return (
    <fieldset className="transactions__dates">
      <legend className="field__label">Date</legend>
      <div className="transactions__date-range">
        <DayInput label="From" value={search.from} max={search.to} onChange={(from) => onChange({ from })} />
        <span aria-hidden="true">to</span>
        <DayInput label="To" value={search.to} min={search.from} onChange={(to) => onChange({ to })} />
      </div>
    </fieldset>
  );
}

/** One end of the range: a day picker, labelled for assistive technology only (the legend says what it is). */
function DayInput({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (day: string | undefined) => void;
}) {
  const id = useId();
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </>
  );
}
