import { useState } from 'react';
import { useGridKeyboard } from '../../ui/data-table/use-grid-keyboard';
import { refOf, type RunGroup } from './review-items';
import { ReviewRow, type RowActions } from './review-row';
import { RunHeaderRow } from './review-run-header';
import { reviewTexts } from './review-texts';

/**
 * The queue as one grid (docs/decisions/0024-a-grid-is-one-tab-stop.md: one Tab stop, arrows inside): a row group per
 * run, its header row first. The ticked results are `selected`; the header's checkbox ticks every loaded one.
 */
export function ReviewTable({
  groups,
  selected,
  allSelected,
  onSelectAll,
  actions,
  onAcceptRest,
  now,
}: {
  groups: readonly RunGroup[];
  selected: ReadonlySet<string>;
  allSelected: boolean;
  onSelectAll: (selected: boolean) => void;
  actions: RowActions;
  onAcceptRest: (runId: number) => void;
  now: number;
}) {
  const [table, setTable] = useState<HTMLTableElement | null>(null);
  const keyboard = useGridKeyboard(table);
  return (
    <div className="review-table__box">
      <table ref={setTable} role="grid" className="review-table" aria-label={reviewTexts.caption} {...keyboard}>
        <thead>
          <tr>
            <th scope="col" className="review-row__control">
              <input
                type="checkbox"
                aria-label="Select every loaded result"
                checked={allSelected}
                onChange={(event) => onSelectAll(event.target.checked)}
              />
            </th>
            <th scope="col">State</th>
            <th scope="col">Kind</th>
            <th scope="col">Result</th>
            <th scope="col">Where</th>
            <th scope="col">Details</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.runId ?? 'none'} className="review-table__group">
            <RunHeaderRow runId={group.runId} run={group.run} now={now} onAcceptRest={onAcceptRest} />
            {group.items.map((item) => (
              <ReviewRow key={refOf(item)} item={item} selected={selected.has(refOf(item))} actions={actions} />
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
