import type { Query } from '@tanstack/react-query';
import { realtimeEvents } from '../../../contract/realtime';
import { runChangedPayload, runMatches, type Run, type RunAnswer, type RunsAnswer, type RunsFilter } from '../../../contract/runs';
import { invalidate, invalidateKey, type CacheEffect } from '../cache-effects';
import { isUnder, keyParams, keys } from '../keys';
import { bind, isRecord, onSuccess, userChannel, type MutationEntries } from './entry';

/** The operator's runs (the runs centre), and the typical costs a finished run changes. */

const runsOf = (data: unknown): Run[] | undefined => (isRecord(data) && Array.isArray(data.runs) ? (data.runs as Run[]) : undefined);

/** A runs list as the runs centre caches it: an infinite query's pages (src/api/runs.ts). */
const isPaged = (data: unknown): data is { pages: unknown[]; pageParams: unknown[] } =>
  isRecord(data) && Array.isArray(data.pages) && Array.isArray(data.pageParams);

/** Whether a cached runs list (its pages, or a lone answer) holds run `id`. */
function holds(data: unknown, id: number): boolean {
  const pages = isPaged(data) ? data.pages : [data];
  return pages.some((page) => runsOf(page)?.some((r) => r.id === id) ?? false);
}

/** The cached list with run `id` rewritten wherever it is listed; the same object (===) when it is not listed. */
function rewriteRun(data: unknown, id: number, rewrite: (run: Run) => Run): unknown {
  const rewritePage = (page: unknown): unknown => {
    const runs = runsOf(page);
    if (!runs?.some((r) => r.id === id)) return page;
    return { ...(page as RunsAnswer), runs: runs.map((r) => (r.id === id ? rewrite(r) : r)) };
  };
  if (!isPaged(data)) return rewritePage(data);
  const pages = data.pages.map(rewritePage);
  return pages.every((page, i) => page === data.pages[i]) ? data : { ...data, pages };
}

/**
 * Rewrites the rows of every cached runs list that holds run `id`, in whichever of its loaded pages. A list that does
 * not hold it is answered as it is, so nothing is written to it (applyEffects, cache-effects.ts) and an invalidation
 * an earlier change left on it stands (a Cancelled list, hidden while the operator looks at another filter:
 * docs/product.md#runs-centre, live).
 */
function patchHolders(id: number, rewrite: (run: Run) => Run): CacheEffect {
  return { kind: 'patchAll', queryKey: keys.runs.all, update: (old) => rewriteRun(old, id, rewrite) };
}

/**
 * A run as it is now, into the cached runs lists, whatever their filter: written into the loaded pages that hold it; a
 * list whose filter it now leaves, or newly enters (a run queued, a run that failed, one cancelled or retried),
 * refetches its loaded pages if it is on screen, or when it is next shown. A list cannot place a run it does not hold
 * (its order and total are the server's), so it refetches rather than being patched.
 */
function runEffects(run: Run): CacheEffect[] {
  return [
    patchHolders(run.id, () => run),
    invalidate({
      predicate: (query: Query) => {
        if (!isUnder(query.queryKey, keys.runs.all)) return false;
        const matches = runMatches(run, (keyParams(query.queryKey) ?? {}) as Partial<RunsFilter>);
        return holds(query.state.data, run.id) ? !matches : matches;
      },
    }),
  ];
}

/** A retry's answer: the retried run links to its retry now, in every page that holds it (its `runchanged` says so too). */
function retriedEffects(retriedId: number, retryId: number): CacheEffect[] {
  return [patchHolders(retriedId, (r) => ({ ...r, retried_by: retryId }))];
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
