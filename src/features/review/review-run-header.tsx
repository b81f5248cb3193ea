import type { ReviewRun } from '../../../contract/review';
import { Button } from '../../ui/button';
import { formatCount } from '../../ui/data-table/format';
import { formatUtcDateTime } from '../../ui/data-table/format';
import { Tip } from '../../ui/tooltip';
import { reviewColumnCount } from './review-row';
import { runFiguresText } from '../history';
import { relativeTime, reviewTexts } from './review-texts';

/**
 * A run's header row over its results: its target, when (relative, the exact time in a tip), AI model, prompt
 * version, tokens charged, what it gave, and "Accept the rest of this run".
 */
export function RunHeaderRow({
  runId,
  run,
  now,
  onAcceptRest,
}: {
  runId: number | null;
  run: ReviewRun | undefined;
  now: number;
  onAcceptRest: (runId: number) => void;
}) {
  return (
    <tr className="review-run">
      <th scope="rowgroup" colSpan={reviewColumnCount}>
        <div className="review-run__line">
          <span className="review-run__target">{run ? run.target : runId === null ? 'Made without a run' : `Run #${runId}`}</span>
          {run ? <RunFacts run={run} now={now} /> : null}
          {runId !== null ? (
            <Button
              size="compact"
              className="review-run__accept"
              onClick={() => onAcceptRest(runId)}
              aria-label={`${reviewTexts.acceptRest}: ${run?.target ?? `run #${runId}`}`}
            >
              {reviewTexts.acceptRest}
            </Button>
          ) : null}
        </div>
        {run ? <p className="review-run__figures">{runFiguresText(run.figures)}</p> : null}
      </th>
    </tr>
  );
}

function RunFacts({ run, now }: { run: ReviewRun; now: number }) {
  return (
    <span className="review-run__facts">
      <Tip content={`${formatUtcDateTime(run.created_at)} UTC`}>
        <time dateTime={run.created_at} tabIndex={0} className="review-run__when">
          {relativeTime(run.created_at, now)}
        </time>
      </Tip>
      <span>AI model: {run.provider_model ?? 'not recorded'}</span>
      <span>Prompt version: {run.prompt_version ?? 'not recorded'}</span>
      <span>{formatCount(run.charged_tokens)} tokens</span>
    </span>
  );
}
