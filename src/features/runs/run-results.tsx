import type { Run } from '../../../contract/runs';
import { formatCount, EmptyCell } from '../../ui/data-table';
import { Tip } from '../../ui/tooltip';
import { aiModelText, runFigureParts } from '../history';

/**
 * What an ended run gave, compact so that the grid's decision columns keep their place at 1280 px
 * (docs/decisions/0023-scope-columns-yield-to-decision-columns.md): "8 added" over "5 accepted · 1 rejected"; the tip
 * (hover or keyboard focus) tells every figure (proposed, added, skipped as duplicates, dropped as invalid,
 * accepted, rejected) and the AI model the run asked.
 */
export function RunResults({ run }: { run: Run }) {
  if (!run.finished_at) return <EmptyCell />;
  const { figures } = run;
  const model = aiModelText(run.provider_model, run.prompt_version);
  const tip = [...runFigureParts(figures), ...(model ? [model] : [])];
  return (
    <Tip
      content={
        <span className="runs__results-tip">
          {tip.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
      }
    >
      <span className="runs__results" tabIndex={0}>
        <span>{formatCount(figures.added)} added</span>
        <span className="runs__results-review">
          {formatCount(figures.accepted)} accepted · {formatCount(figures.rejected)} rejected
        </span>
      </span>
    </Tip>
  );
}
