import { rejectReasonLabels, type RejectReason } from '../../contract/review';

/** The texts of a review decision (docs/product.md#messages-and-errors). */

const count = (n: number) => n.toLocaleString('en-US');

/**
 * "Accepted Genelec." / "Rejected Genelec: Not real." for one result; "Accepted 12 results." / "Rejected 12 results:
 * Wrong category." for more; and how many of the selection were already reviewed.
 */
export function decisionMessage(
  decision: { state: 'accepted' | 'rejected'; reason: RejectReason | null },
  decided: { label: string; count: number },
  skipped: number,
): string {
  const verb = decision.state === 'accepted' ? 'Accepted' : 'Rejected';
  const what = decided.count === 1 ? decided.label : `${count(decided.count)} results`;
  const why = decision.state === 'rejected' && decision.reason !== null ? `: ${rejectReasonLabels[decision.reason]}` : '';
  const done = `${verb} ${what}${why}.`;
  if (skipped === 0) return done;
  return `${done} ${count(skipped)} ${skipped === 1 ? 'was' : 'were'} already reviewed.`;
}

/** The journal's label of a decision: the one result it decided, or how many. */
export const decisionLabel = (decided: { label: string; count: number }) =>
  decided.count === 1 ? decided.label : `${count(decided.count)} results`;

export const decisionMessages = {
  duplicateKind: 'A duplicate repeats a result of its own kind: reject events, brands and models as duplicates separately.',
  duplicateMissing: 'The result this one repeats was not found among results of its kind.',
  duplicateOfItself: 'A result cannot repeat itself: name another one.',
} as const;
