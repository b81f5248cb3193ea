import type { Query } from '@tanstack/react-query';
import { realtimeEvents } from '../../../contract/realtime';
import { runChangedPayload, runMatches, type Run, type RunAnswer, type RunsAnswer, type RunsFilter } from '../../../contract/runs';
import { invalidate, invalidateKey, type CacheEffect } from '../cache-effects';
import { isUnder, keyParams, keys } from '../keys';
import { bind, isRecord, onSuccess, userChannel, type MutationEntries } from './entry';

/** The operator's runs (the runs centre), and the typical costs a finished run changes. */

/**
 * A run as it is now, into the cached runs lists: written into the pages that hold it; a page whose filter it now
 * leaves, or newly enters (a run queued, a run that failed), refetches if it is on screen.
 */
function runEffects(run: Run): CacheEffect[] {
  const holds = (data: unknown) => isRecord(data) && Array.isArray(data.runs) && (data.runs as Run[]).some((r) => r.id === run.id);
  return [
    {
      kind: 'patchAll',
      queryKey: keys.runs.all,
      update: (old) =>
        holds(old) ? { ...(old as RunsAnswer), runs: (old as RunsAnswer).runs.map((r) => (r.id === run.id ? run : r)) } : old,
    },
    invalidate({
      predicate: (query: Query) => {
        if (!isUnder(query.queryKey, keys.runs.all)) return false;
        const matches = runMatches(run, (keyParams(query.queryKey) ?? {}) as Partial<RunsFilter>);
        return holds(query.state.data) ? !matches : matches;
      },
    }),
  ];
}

/** A retry's answer: the retried run links to its retry now, in every page that holds it (its `runchanged` says so too). */
function retriedEffects(retriedId: number, retryId: number): CacheEffect[] {
  return [
    {
      kind: 'patchAll',
      queryKey: keys.runs.all,
      update: (old) =>
        isRecord(old) && Array.isArray(old.runs)
          ? { ...(old as RunsAnswer), runs: (old as RunsAnswer).runs.map((r) => (r.id === retriedId ? { ...r, retried_by: retryId } : r)) }
          : old,
    },
  ];
}

export const runEvents = {
  /** One of the operator's runs changed (queued, started, ended, cancelled): the runs centre's lists; when it ended, the typical costs. */
  [realtimeEvents.runChanged]: bind({
    channel: userChannel,
    schema: runChangedPayload,
    effects: ({ run }) => [...runEffects(run), ...(run.finished_at === null ? [] : [invalidateKey(keys.typicalCosts())])],
  }),
} as const;

export const runMutations = {
  // The run's answer is the run as it now is (cancelled, or the new one queued); the event that follows says it too.
  'runs.cancel': onSuccess<number, RunAnswer>(({ answer }) => runEffects(answer.run)),
  'runs.retry': onSuccess<number, RunAnswer>(({ sent, answer }) => [...runEffects(answer.run), ...retriedEffects(sent, answer.run.id)]),
} satisfies MutationEntries;
