import type { z } from 'zod';
import type { api } from '../../../contract/api';
import type { CacheEffect } from '../cache-effects';

/**
 * The shape of the staleness map's entries (index.ts): a realtime event's binding and a mutation's staleness, with
 * the helpers each resource's file declares them with.
 */

/** What the bindings know of the screen when an event arrives (src/realtime/screen-context.ts builds it). */
export interface ScreenContext {
  /** The signed-in operator (`authUserId`), if stored. */
  userId: number | null;
  /**
   * The subcategories whose equipment statuses are on screen: the selected subcategory and every subcategory of the
   * selected category (the equipments screen lists them all with their status badges and counts).
   */
  visibleSubcategoryIds: ReadonlySet<number>;
  /** A subcategory's name, from the cached category tree (equipment lists and history may be keyed by the name). */
  subcategoryName: (id: number) => string | undefined;
  /** A category's subcategory ids, from the cached category tree. */
  subcategoryIdsOf: (categoryId: number) => readonly number[];
}

/** A realtime event's entry: where it arrives, the contract schema of its payload, and its effects on the cache. */
export interface Binding<S extends z.ZodType> {
  /** The channel it arrives on; 'user' is the operator's own `private-user.{id}`. */
  channel: string;
  schema: S;
  effects: (payload: z.output<S>, screen: ScreenContext) => CacheEffect[];
}

export const bind = <S extends z.ZodType>(binding: Binding<S>) => binding;

export const userChannel = 'user';

type Api = typeof api;
type Declaration = { [R in keyof Api]: Api[R][keyof Api[R]] }[keyof Api];
/** Every endpoint that changes something (contract/api.ts, method other than GET), by its name. */
export type MutationName = Exclude<Declaration, { method: 'GET' }>['name'];

/** A mutation's entry: when its hook applies it, and its effects from what was sent and answered. */
export interface MutationStaleness<Sent, Answer> {
  /** `settled`: also after a failure (a refused generate may still have set a status); `success`: only after success. */
  when: 'success' | 'settled';
  effects: (outcome: { sent: Sent; answer: Answer | undefined }) => CacheEffect[];
}

/** The entries of one resource's mutations: each key must be a mutation's name. */
export type MutationEntries = Partial<Record<MutationName, MutationStaleness<never, never>>>;

export const onSuccess = <Sent = unknown, Answer = unknown>(
  effects: (outcome: { sent: Sent; answer: Answer }) => CacheEffect[],
): MutationStaleness<Sent, Answer> => ({
  when: 'success',
  effects: (outcome) => (outcome.answer === undefined ? [] : effects(outcome as { sent: Sent; answer: Answer })),
});

export const onSettled = <Sent, Answer = unknown>(
  effects: (outcome: { sent: Sent }) => CacheEffect[],
): MutationStaleness<Sent, Answer> => ({
  when: 'settled',
  effects,
});

/** A mutation that leaves no cached query stale. */
export const nothing = { when: 'success', effects: () => [] } satisfies MutationStaleness<unknown, unknown>;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
