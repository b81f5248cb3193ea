import { z } from 'zod';
import { endpoint } from './endpoint';
import { errorAnswer, messageAnswer } from './http';
import { idParams } from './ids';
import { realtimeEvents } from './realtime';

/**
 * Undo of exclusions (docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md). Every call that excludes or un-excludes records what it changed as one
 * exclusion change on the server, in the same transaction, and answers its id besides the exclusion's message; undoing
 * the change puts each of its rows back as it was. See docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md.
 */

/** How long after a change its operator may still undo it (the toast offers it for 10 s; this is the server's limit). */
export const undoWindowMinutes = 10;

/**
 * What an exclude or un-exclude answers: the original `{ message }` (docs/product.md#messages-and-errors), and the change to undo (null when nothing changed;
 * a server without undo sends none, read as null).
 */
export const exclusionChangeAnswer = z.object({
  ...messageAnswer.shape,
  undo: z.object({ change_id: z.number().int().positive() }).nullable().default(null),
});
export type ExclusionChangeAnswer = z.infer<typeof exclusionChangeAnswer>;

/** POST /api/exclusion-changes/:id/undo: how many rows were put back, how many were left as they are. */
export const undoAnswer = z.object({
  ...messageAnswer.shape,
  restored: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type UndoAnswer = z.infer<typeof undoAnswer>;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The texts of an undo. `label` names a one-row change ("Genelec", "Volvo CE - EC220E"). */
export const undoMessages = {
  notFound: 'This change was not found.',
  alreadyUndone: 'This change was already undone.',
  tooOld: `This change is more than ${undoWindowMinutes} minutes old and can no longer be undone.`,
  done(
    change: { label: string; rows: number; excluded: boolean; noun: { one: string; many: string } },
    restored: number,
    skipped: number,
  ): string {
    if (restored === 0) {
      return change.rows === 1
        ? `Nothing was undone: ${change.label} changed since (or was deleted), so it was left as it is.`
        : `Nothing was undone: all ${plural(change.rows, change.noun.one, change.noun.many)} changed since (or were deleted), so they were left as they are.`;
    }
    const what = change.rows === 1 ? change.label : plural(restored, change.noun.one, change.noun.many);
    const done = change.excluded ? `Undone: ${what} removed from the exclusion list again.` : `Undone: ${what} back in the exclusion list.`;
    if (skipped === 0) return done;
    return `${done} ${plural(skipped, `other ${change.noun.one} was`, `other ${change.noun.many} were`)} left as ${skipped === 1 ? 'it is' : 'they are'}: changed since, or deleted.`;
  },
  /** The undo of a review decision (contract/review.ts): its results go back to the review queue. */
  reviewDone(change: { label: string; rows: number }, restored: number, skipped: number): string {
    if (restored === 0) {
      return change.rows === 1
        ? `Nothing was undone: ${change.label} was reviewed again since (or was deleted), so it was left as it is.`
        : `Nothing was undone: all ${plural(change.rows, 'result', 'results')} were reviewed again since (or were deleted), so they were left as they are.`;
    }
    const done = `Undone: ${change.rows === 1 ? change.label : plural(restored, 'result', 'results')} back in the review queue.`;
    if (skipped === 0) return done;
    return `${done} ${plural(skipped, 'other result was', 'other results were')} left as ${skipped === 1 ? 'it is' : 'they are'}: reviewed again since, or deleted.`;
  },
} as const;

export const exclusionChangesApi = {
  undo: endpoint({
    name: 'exclusionChanges.undo',
    method: 'POST',
    path: '/api/exclusion-changes/:id/undo',
    summary: `Undoes one of the operator's exclusion changes (within ${undoWindowMinutes} minutes): each row it changed is put back, unless changed since.`,
    params: idParams,
    answer: undoAnswer,
    otherAnswers: { 409: errorAnswer },
    announces: [realtimeEvents.updateBrand, realtimeEvents.statusesChanged, realtimeEvents.updateEvents, realtimeEvents.reviewChanged],
  }),
} as const;
