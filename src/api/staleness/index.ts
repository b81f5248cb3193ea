import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RealtimeEventName as ContractEventName } from '../../../contract/realtime';
import { applyEffects, invalidateKey, type CacheEffect } from '../cache-effects';
import { keys } from '../keys';
import { balanceEvents, balanceMutations } from './balance';
import { catalogueEvents, catalogueMutations } from './catalogue';
import type { Binding, MutationName, MutationStaleness, ScreenContext } from './entry';
import { exclusionMutations } from './exclusions';
import { generationMutations } from './generation';
import { realtimeMutations } from './realtime';
import { reviewEvents, reviewMutations } from './review';
import { runEvents, runMutations } from './runs';
import { sessionMutations } from './session';
import { settingsMutations } from './settings';
import { statusEvents } from './statuses';

/**
 * The staleness map (docs/ARCHITECTURE.md "SPA"), beside the query-key factory: for every realtime event and every
 * mutation, what it does to the query cache. Each resource's file declares its entries; this file assembles them.
 * The events' table gives each event its channel, the contract schema of its payload and its effects (the realtime
 * bindings, src/realtime/bindings.ts, read it); the mutations' table gives each endpoint that changes something its
 * effects (the hooks of src/api apply it). Nothing else invalidates or patches the cache (signing in or out clears
 * it). Nothing here talks to pusher-js or runs an effect (cache-effects.ts does); the unit tests run the tables
 * against a real QueryClient.
 *
 * Every `invalidate` refetches only the queries a screen is showing (TanStack's `refetchType: 'active'`); the others
 * are marked stale and refetch when next shown. So "invalidate the lists of subcategory 3" costs a request only if
 * such a list is on screen.
 */

export { userChannel, type ScreenContext } from './entry';

export const eventStaleness = {
  ...balanceEvents,
  ...statusEvents,
  ...catalogueEvents,
  ...runEvents,
  ...reviewEvents,
} as const satisfies Record<ContractEventName, unknown>;

export type RealtimeEventName = keyof typeof eventStaleness;

/**
 * After a reconnect: every key an event could have touched, since any event may have been missed meanwhile
 * (docs/ARCHITECTURE.md). Payment methods and the operator's settings change only by the operator's own calls.
 */
export function resyncEffects(): CacheEffect[] {
  return [
    keys.userTokens(),
    keys.user(),
    keys.statuses.all,
    keys.categories.all,
    keys.brands.all,
    keys.events.all,
    keys.equipments.all,
    keys.exclusions.all,
    keys.history.all,
    keys.overview(),
    keys.runs.all,
    keys.transactions.all,
    keys.typicalCosts(),
    keys.review.all,
  ].map((queryKey) => invalidateKey(queryKey));
}

type EffectsOutcome = { kind: 'effects'; effects: CacheEffect[] } | { kind: 'malformed'; issues: z.core.$ZodIssue[] } | { kind: 'unknown' };

/** The effects of one event, its payload parsed with the contract schema. */
export function effectsOf(event: string, payload: unknown, screen: ScreenContext): EffectsOutcome {
  if (!Object.hasOwn(eventStaleness, event)) return { kind: 'unknown' };
  const binding = eventStaleness[event as RealtimeEventName] as Binding<z.ZodType>;
  const parsed = binding.schema.safeParse(payload);
  if (!parsed.success) return { kind: 'malformed', issues: parsed.error.issues };
  return { kind: 'effects', effects: binding.effects(parsed.data, screen) };
}

/**
 * What each change the SPA can make leaves stale, by endpoint: the hooks of src/api apply it (applyMutationStaleness).
 * A mutation's own answer is written in where it carries the row; the rest is invalidated. Endpoints the SPA never
 * calls, or whose answer changes no cached query, have no effects. Typed from contract/api.ts: a mutation without an
 * entry fails `tsc`.
 */
export const mutationStaleness = {
  ...sessionMutations,
  ...generationMutations,
  ...catalogueMutations,
  ...exclusionMutations,
  ...balanceMutations,
  ...settingsMutations,
  ...runMutations,
  ...realtimeMutations,
  ...reviewMutations,
} satisfies Record<MutationName, MutationStaleness<never, never>>;

/** Applies what a mutation leaves stale (the table above); call it from the hook's onSuccess or onSettled as `when` says. */
export function applyMutationStaleness<N extends MutationName>(
  queryClient: QueryClient,
  name: N,
  outcome: Parameters<(typeof mutationStaleness)[N]['effects']>[0],
): Promise<void> {
  const entry = mutationStaleness[name] as MutationStaleness<unknown, unknown>;
  return applyEffects(queryClient, entry.effects(outcome as { sent: unknown; answer: unknown }));
}
