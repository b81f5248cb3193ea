import type { RunFigures } from '../../../contract/review';
import { formatCount } from '../../ui/data-table/format';

/** What a run gave (contract/review.ts `runFigures`), in the order docs/product.md#review tells it. */
const figureLabels: readonly (readonly [keyof RunFigures, string])[] = [
  ['proposed', 'proposed'],
  ['added', 'added'],
  ['skipped_duplicates', 'skipped as duplicates'],
  ['dropped_invalid', 'dropped as invalid'],
  ['accepted', 'accepted'],
  ['rejected', 'rejected'],
  ['unreviewed', 'new'],
];

/** "12 proposed", "8 added", ... each figure of a run with its words. */
export function runFigureParts(figures: RunFigures): string[] {
  return figureLabels.map(([key, label]) => `${formatCount(figures[key])} ${label}`);
}

/** "12 proposed · 8 added · 3 skipped as duplicates · 1 dropped as invalid · 5 accepted · 1 rejected" */
export function runFiguresText(figures: RunFigures): string {
  return runFigureParts(figures).join(' · ');
}

/** "AI model: gpt-4.1-mini (prompts 2026-11)", or null when the run does not say (a run from before). */
export function aiModelText(providerModel: string | null | undefined, promptVersion: string | null | undefined): string | null {
  if (!providerModel) return null;
  return `AI model: ${providerModel}${promptVersion ? ` (prompts ${promptVersion})` : ''}`;
}

/** A history entry's figures and AI model, one line under its message; nothing for a run that has none. */
export function RunFiguresLine({
  figures,
  providerModel,
  promptVersion,
}: {
  figures: RunFigures | undefined;
  providerModel: string | null | undefined;
  promptVersion: string | null | undefined;
}) {
  const model = aiModelText(providerModel, promptVersion);
  if (figures === undefined && model === null) return null;
  return (
    <p className="history__figures">
      {figures ? runFiguresText(figures) : null}
      {figures && model ? ' · ' : null}
      {model}
    </p>
  );
}
