import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { api } from '../../contract/api';
import type { Equipment } from '../../contract/equipments';
import type { ExclusionImportOutcome } from '../../contract/exclusion-import';
import type { PaymentMethodsChangeAnswer } from '../../contract/payment-methods';
import type { z } from 'zod';
import {
  changeAnyStatusPayload,
  changeTokensPayload,
  channels,
  realtimeEvents,
  statusesChangedPayload,
  updateBrandPayload,
  updateCategoryPayload,
  updateEventsPayload,
  updateSubcategoryPayload,
} from '../../contract/realtime';
import { runChangedPayload, runMatches, type Run, type RunAnswer, type RunsAnswer, type RunsFilter } from '../../contract/runs';
import type { Preferences } from '../../contract/preferences';
import type { GridSettings } from '../../contract/grid-settings';
import { statusRecord } from '../../contract/statuses';
import { applyEffects, invalidate, invalidateKey, type CacheEffect } from './cache-effects';
import { mapRows, mentionsSubcategory, rowsOf } from './cache-rows';
import { isUnder, keyParams, keys } from './keys';
import {
  isBrandEquipmentStatus,
  patchBrandStatus,
  patchCategoriesAnswer,
  patchStatusesCount,
  patchStatusesList,
  patchSubcategoryStatuses,
  refetchStatuses,
} from './status-patches';

/**
 * The staleness map (docs/ARCHITECTURE.md "SPA"), beside the query-key factory: for every realtime event and every
 * mutation, what it does to the query cache. The events' table gives each event its channel, the contract schema of
 * its payload and its effects (the realtime bindings read it); the mutations' table gives each endpoint that changes
 * something its effects (the hooks of src/api read it). Nothing else invalidates or patches the cache (a new session
 * clears it). Nothing here talks to pusher-js or runs an effect (cache-effects.ts does); the unit tests run the
 * tables against a real QueryClient.
 *
 * Every `invalidate` refetches only the queries a screen is showing (TanStack's `refetchType: 'active'`); the others
 * are marked stale and refetch when next shown. So "invalidate the lists of subcategory 3" costs a request only if
 * such a list is on screen.
 */

/** What the bindings know of the screen when an event arrives (screen-context.ts builds it from the store and cache). */
export interface ScreenContext {
  /** The signed-in operator (`authUserId`), if stored. */
  userId: number | null;
  /**
   * The subcategories whose equipment statuses are on screen: the selected subcategory and every subcategory of the
   * selected category (the equipments screen lists them all with their status badges and counts).
   */
  visibleSubcategoryIds: ReadonlySet<number>;
  /** A subcategory's name, from the cached category tree (equipment lists are keyed by the name, SPEC 7). */
  subcategoryName: (id: number) => string | undefined;
  /** A category's subcategory ids, from the cached category tree. */
  subcategoryIdsOf: (categoryId: number) => readonly number[];
}


function namesOf(ids: Iterable<number>, screen: ScreenContext): Set<string> {
  const names = new Set<string>();
  for (const id of ids) {
    const name = screen.subcategoryName(id);
    if (name !== undefined) names.add(name);
  }
  return names;
}

/** The brand and equipment lists (and details) of these subcategories; the scoped categories answers that embed them. */
function listsOfSubcategories(ids: ReadonlySet<number>, screen: ScreenContext): CacheEffect {
  const names = namesOf(ids, screen);
  return invalidate({
    predicate: (query: Query) => {
      if (![keys.brands.all, keys.equipments.all, keys.categories.all].some((prefix) => isUnder(query.queryKey, prefix))) return false;
      return mentionsSubcategory(query.queryKey, query.state.data, ids, names);
    },
  });
}

/** Lists whose rows carry catalogue names (a brand's category and subcategory, an exclusion's, a history entry's). */
const nameBearingLists: CacheEffect[] = [invalidateKey(keys.exclusions.all), invalidateKey(keys.history.all)];

/** A status record's brand, when the `changeanystatus` payload is one (its shape is "not shown" in the spec). */
function statusBrand(status: unknown): { brandId: number; subcategoryId: number | null } | undefined {
  if (typeof status !== 'object' || status === null) return undefined;
  const { brand_id: brandId, subcategory_id: subcategoryId } = status as Record<string, unknown>;
  if (typeof brandId !== 'number') return undefined;
  return { brandId, subcategoryId: typeof subcategoryId === 'number' ? subcategoryId : null };
}

interface Binding<S extends z.ZodType> {
  /** The channel it arrives on; 'user' is the operator's own `private-user.{id}`. */
  channel: string;
  schema: S;
  effects: (payload: z.output<S>, screen: ScreenContext) => CacheEffect[];
}

const bind = <S extends z.ZodType>(binding: Binding<S>) => binding;

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
      update: (old) => (holds(old) ? { ...(old as RunsAnswer), runs: (old as RunsAnswer).runs.map((r) => (r.id === run.id ? run : r)) } : old),
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

/** The balance fields an event carries (`held_tokens` only from servers that hold tokens for runs). */
const balanceOf = (user: z.infer<typeof changeTokensPayload>['user']) =>
  user.held_tokens === undefined ? { tokens: user.tokens } : { tokens: user.tokens, held_tokens: user.held_tokens };

export const userChannel = 'user';

export const eventStaleness = {
  /** The balance: patch the user-tokens key (and the user answer, which carries the tokens too); the statement. */
  [realtimeEvents.changeTokens]: bind({
    channel: userChannel,
    schema: changeTokensPayload,
    effects: ({ user }, screen) => {
      if (screen.userId !== null && user.id !== screen.userId) return [];
      return [
        { kind: 'patch', queryKey: keys.userTokens(), update: (old) => ({ ...(isRecord(old) ? old : {}), ...balanceOf(user) }) },
        { kind: 'patch', queryKey: keys.user(), update: (old) => (isRecord(old) ? { ...old, ...balanceOf(user) } : old) },
        invalidateKey(keys.overview()),
        // A balance change may be a new row of the statement (a hold is not): the page on screen, if any, refetches.
        invalidateKey(keys.transactions.all),
      ];
    },
  }),

  /**
   * A generation status changed: the statuses lists, the category tree (its categories and subcategories carry their
   * status: the header's spinner), the generation history and the overview. A brand's status also shows in its row.
   * The record and the In Progress count the event carries are written into the statuses list and the category tree
   * (at scale those are 200 and 320 kB a refetch); a server that sends no count, or a record that does not parse,
   * makes them refetch instead. A brand's record is written into that brand's rows (the brands screen reads the
   * status from its row); the equipments screen's per-brand statuses (GET /api/equipments/statuses) refetch if shown.
   */
  [realtimeEvents.changeAnyStatus]: bind({
    channel: channels.statuses,
    schema: changeAnyStatusPayload,
    effects: ({ status, in_progress: inProgress }) => {
      const record = statusRecord.safeParse(status);
      const brand = statusBrand(status);
      const tree: CacheEffect[] =
        record.success && inProgress !== undefined
          ? [
              { kind: 'patch', queryKey: keys.statuses.list(), update: (old) => patchStatusesCount(old, inProgress) },
              // Each scope's list takes the record (a list holding a record of another scope shows nothing of it).
              { kind: 'patchAll', queryKey: keys.statuses.records(), update: (old) => patchStatusesList(old, record.data, inProgress) },
              { kind: 'patchAll', queryKey: keys.categories.all, update: (old) => patchCategoriesAnswer(old, record.data) },
            ]
          : [invalidateKey(keys.statuses.list()), invalidateKey(keys.statuses.records()), invalidateKey(keys.categories.all)];
      // A brand's equipment generation is its rows' `status`: written into the cached brand pages, details and
      // scoped categories answers (no request); a record that does not parse refetches the brand instead.
      const brandRows: CacheEffect[] =
        record.success && isBrandEquipmentStatus(record.data)
          ? [keys.brands.all, keys.categories.all].map((queryKey) => ({
              kind: 'patchAll',
              queryKey,
              update: (old: unknown) => patchBrandStatus(old, record.data),
            }))
          : brand
            ? [{ kind: 'refreshBrand', brandId: brand.brandId }]
            : [];
      // The equipments screen's one status per subcategory: patched from the record; refetched where only the
      // server can tell (a running record ended), as is any other scope of per-brand statuses.
      const perSubcategory = keys.statuses.equipments({ per_subcategory: 'true' });
      const subcategoryStatuses: CacheEffect[] =
        record.success && isBrandEquipmentStatus(record.data)
          ? [
              invalidate({
                predicate: (query: Query) =>
                  isUnder(query.queryKey, keys.statuses.equipments()) &&
                  (!isUnder(query.queryKey, perSubcategory) || patchSubcategoryStatuses(query.state.data, record.data) === refetchStatuses),
              }),
              {
                kind: 'patchAll',
                queryKey: perSubcategory,
                update: (old) => {
                  const patched = patchSubcategoryStatuses(old, record.data);
                  return patched === refetchStatuses ? old : patched;
                },
              },
            ]
          : [invalidateKey(keys.statuses.equipments())];
      return [
        ...tree,
        invalidateKey(keys.history.all),
        invalidateKey(keys.overview()),
        ...brandRows,
        ...(brand?.subcategoryId != null ? [invalidateKey(keys.equipments.brands(brand.subcategoryId)), ...subcategoryStatuses] : []),
      ];
    },
  }),

  /**
   * A subcategory was renamed or moved: the categories (SPEC 7), and the lists whose rows carry its name or its
   * category's (its brands and equipment, the exclusion lists, history).
   */
  [realtimeEvents.updateSubcategory]: bind({
    channel: channels.subcategory,
    schema: updateSubcategoryPayload,
    effects: ({ subcategory_id }, screen) => [
      invalidateKey(keys.categories.all),
      listsOfSubcategories(new Set([subcategory_id]), screen),
      ...nameBearingLists,
    ],
  }),

  /** A category was renamed: the categories (SPEC 7), and the lists whose rows carry its name. */
  [realtimeEvents.updateCategory]: bind({
    channel: channels.category,
    schema: updateCategoryPayload,
    effects: ({ category_id }, screen) => [
      invalidateKey(keys.categories.all),
      invalidateKey(keys.events.ofCategory(category_id)),
      listsOfSubcategories(new Set(screen.subcategoryIdsOf(category_id)), screen),
      ...nameBearingLists,
    ],
  }),

  /**
   * A brand changed or was excluded: refetch it and patch its rows where it is listed (SPEC 4 "refetches that
   * brand"); the brand exclusion lists gain or lose it; the equipment screen's brand lists and its models' lists
   * show its state too.
   */
  [realtimeEvents.updateBrand]: bind({
    channel: channels.brand,
    schema: updateBrandPayload,
    effects: ({ brand_id }) => [
      { kind: 'refreshBrand', brandId: brand_id },
      invalidateKey(keys.exclusions.brands()),
      invalidate({
        predicate: (query: Query) => {
          if (isUnder(query.queryKey, keys.equipments.brandLists)) return rowsOf(query.state.data, ['brands']).some((row) => row.id === brand_id);
          return isUnder(query.queryKey, keys.equipments.list({ brand_id }));
        },
      }),
    ],
  }),

  /**
   * Equipment of these subcategories changed (edited, excluded, un-excluded). SPEC 4: the equipment statuses are
   * refetched only if one of the subcategories is on screen (the selected category's subcategories, which the
   * equipments screen shows, or the selected subcategory); otherwise they are only marked stale. The lists of those
   * subcategories' equipment and brands refetch when shown, and the exclusion lists do (an import that excludes many
   * brands announces them by subcategory, server/catalogue/exclusion-import.ts).
   */
  [realtimeEvents.statusesChanged]: bind({
    channel: channels.equipments,
    schema: statusesChangedPayload,
    effects: ({ subcategory_ids }, screen) => {
      const ids = new Set(subcategory_ids);
      const onScreen = subcategory_ids.some((id) => screen.visibleSubcategoryIds.has(id));
      return [
        onScreen
          ? invalidateKey(keys.statuses.equipments())
          : invalidate({ queryKey: keys.statuses.equipments(), refetchType: 'none' }),
        // The tree's per-subcategory item counts, which the equipments screen shows beside each subcategory.
        ...(onScreen ? [invalidateKey(keys.categories.list(), true)] : []),
        listsOfSubcategories(ids, screen),
        invalidateKey(keys.exclusions.equipments()),
        invalidateKey(keys.exclusions.brands()),
      ];
    },
  }),

  /** A category's events changed: its events, and the category answers that embed or count them. */
  [realtimeEvents.updateEvents]: bind({
    channel: channels.events,
    schema: updateEventsPayload,
    effects: ({ category_id }) => [
      invalidateKey(keys.events.ofCategory(category_id)),
      invalidateKey(keys.categories.list({ category_id }), true),
      invalidateKey(keys.categories.list(), true),
    ],
  }),

  /** One of the operator's runs changed (queued, started, ended, cancelled): the runs centre's lists. */
  [realtimeEvents.runChanged]: bind({
    channel: userChannel,
    schema: runChangedPayload,
    effects: ({ run }) => [...runEffects(run), ...(run.finished_at === null ? [] : [invalidateKey(keys.typicalCosts())])],
  }),
} as const;

export type RealtimeEventName = keyof typeof eventStaleness;

/**
 * After a reconnect: every key an event could have touched, since any event may have been missed meanwhile
 * (ARCHITECTURE.md). Payment methods change only by the operator's own calls.
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
  ].map((queryKey) => invalidateKey(queryKey));
}

export type EffectsOutcome =
  | { kind: 'effects'; effects: CacheEffect[] }
  | { kind: 'malformed'; issues: z.core.$ZodIssue[] }
  | { kind: 'unknown' };

/** The effects of one event, its payload parsed with the contract schema. */
export function effectsOf(event: string, payload: unknown, screen: ScreenContext): EffectsOutcome {
  if (!Object.hasOwn(eventStaleness, event)) return { kind: 'unknown' };
  const binding = eventStaleness[event as RealtimeEventName] as Binding<z.ZodType>;
  const parsed = binding.schema.safeParse(payload);
  if (!parsed.success) return { kind: 'malformed', issues: parsed.error.issues };
  return { kind: 'effects', effects: binding.effects(parsed.data, screen) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---- Mutations -----------------------------------------------------------------------------------------------------

type Api = typeof api;
type Declaration = { [R in keyof Api]: Api[R][keyof Api[R]] }[keyof Api];
/** Every endpoint that changes something (contract/api.ts, method other than GET), by its name. */
export type MutationName = Exclude<Declaration, { method: 'GET' }>['name'];

interface MutationStaleness<Sent, Answer> {
  /** `settled`: also after a failure (a refused generate may still have set a status); `success`: only after success. */
  when: 'success' | 'settled';
  effects: (outcome: { sent: Sent; answer: Answer | undefined }) => CacheEffect[];
}
const onSuccess = <Sent = unknown, Answer = unknown>(effects: (outcome: { sent: Sent; answer: Answer }) => CacheEffect[]): MutationStaleness<Sent, Answer> => ({
  when: 'success',
  effects: (outcome) => (outcome.answer === undefined ? [] : effects(outcome as { sent: Sent; answer: Answer })),
});
const onSettled = <Sent, Answer = unknown>(effects: (outcome: { sent: Sent }) => CacheEffect[]): MutationStaleness<Sent, Answer> => ({
  when: 'settled',
  effects,
});
const nothing = { when: 'success', effects: () => [] } satisfies MutationStaleness<unknown, unknown>;

/** Names appear in the tree, on equipment rows, on brands, in exclusions and in history: a rename or a move staleness them all. */
const catalogueNames = (): CacheEffect[] =>
  [keys.categories.all, keys.equipments.all, keys.brands.all, keys.exclusions.all, keys.history.all].map((key) => invalidateKey(key));

/** A run was queued or ran: the statuses, the tree (its statuses and counts) and the history; and what it generates. */
const generated = (...lists: QueryKey[]): CacheEffect[] =>
  [keys.statuses.all, keys.categories.all, keys.history.all, ...lists].map((key) => invalidateKey(key));

/** A brand's exclusion shows in the brand lists and details, and in the scoped categories answers that embed brands. */
const brandExclusion = (): CacheEffect[] => [keys.exclusions.brands(), keys.brands.all, keys.categories.all].map((key) => invalidateKey(key));
/** A model's exclusion shows in the equipment lists, in brands that embed their models, and in the embedding categories answers. */
const equipmentExclusion = (): CacheEffect[] =>
  [keys.exclusions.equipments(), keys.equipments.all, keys.brands.all, keys.categories.all].map((key) => invalidateKey(key));

/** Drops rows from a cached exclusion list at once, so they disappear before the refetch answers. */
const dropRows = (queryKey: QueryKey, matches: (row: Record<string, unknown>) => boolean): CacheEffect => ({
  kind: 'patch',
  queryKey,
  update: (rows) => (Array.isArray(rows) ? rows.filter((row: Record<string, unknown>) => !matches(row)) : rows),
});

/** The payment methods answer the list as it now stands: it replaces the cached one, no refetch needed. */
const storePaymentMethods = onSuccess<unknown, PaymentMethodsChangeAnswer>(({ answer }) => [
  { kind: 'patch', queryKey: keys.paymentMethods(), update: () => ({ methods: answer.methods, defaultPaymentMethod: answer.defaultPaymentMethod }) },
]);

/**
 * What each change the SPA can make leaves stale, by endpoint: the hooks of src/api apply it (applyMutationStaleness),
 * beside the realtime events' table above. A mutation's own answer is written in where it carries the row; the rest
 * is invalidated. Endpoints the SPA never calls, or whose answer changes no cached query, have no effects.
 */
export const mutationStaleness = {
  'auth.login': nothing, // the login screen clears the whole cache: nothing of a previous session may show
  'auth.logout': nothing, // sign-out clears the whole cache
  'brands.generate': onSettled<number>(({ sent }) => generated(keys.brands.ofSubcategory(sent))),
  'equipments.generate': onSettled<{ subcategory_id: number }>(({ sent }) =>
    generated(keys.brands.ofSubcategory(sent.subcategory_id), keys.equipments.brands(sent.subcategory_id), keys.equipments.list({ subcategory_id: sent.subcategory_id })),
  ),
  'equipments.generateModels': onSettled<{ subcategory_id: number }>(({ sent }) =>
    generated(keys.equipments.brands(sent.subcategory_id), keys.equipments.list({ subcategory_id: sent.subcategory_id })),
  ),
  'events.generate': onSettled<number>(({ sent }) => generated(keys.events.ofCategory(sent))),
  'categories.renameCategory': onSuccess<unknown, unknown>(catalogueNames),
  'categories.renameSubcategory': onSuccess<unknown, unknown>(catalogueNames),
  'categories.moveSubcategory': onSuccess<unknown, unknown>(catalogueNames),
  'categories.moveSubcategoryVariant': onSuccess<unknown, unknown>(catalogueNames),
  // The row the operator sees after Save is the server's (trimmed, normalised), straight from the answer; the lists
  // are refetched behind it. A move between subcategories also changes the tree's counts.
  'equipments.update': onSuccess<{ previousSubcategoryId: number }, Equipment>(({ sent, answer }) => [
    { kind: 'patchAll', queryKey: keys.equipments.all, update: (old) => mapRows(old, (row) => row.id === answer.id, () => answer, ['equipments']) },
    ...[keys.equipments.all, keys.brands.all, keys.exclusions.equipments()].map((key) => invalidateKey(key)),
    ...(answer.subcategory_id !== sent.previousSubcategoryId ? [invalidateKey(keys.categories.all)] : []),
  ]),
  'exclusions.excludeBrand': onSuccess<unknown, unknown>(brandExclusion),
  'exclusions.unexcludeBrand': onSuccess<number>(({ sent }) => [dropRows(keys.exclusions.brands(), (row) => row.id === sent), ...brandExclusion()]),
  'exclusions.excludeEquipment': onSuccess<unknown, unknown>(equipmentExclusion),
  'exclusions.unexcludeEquipment': onSuccess<number>(({ sent }) => [dropRows(keys.exclusions.equipments(), (row) => row.id === sent), ...equipmentExclusion()]),
  'exclusions.unexcludeEquipmentByName': onSuccess<{ brand: string; model: string }>(({ sent }) => [
    dropRows(keys.exclusions.equipments(), (row) => row.brand === sent.brand && row.model === sent.model),
    ...equipmentExclusion(),
  ]),
  'exclusions.removeEquipmentByName': onSuccess<{ brand: string; model: string }>(({ sent }) => [
    dropRows(keys.exclusions.equipments(), (row) => row.brand === sent.brand && row.model === sent.model),
    ...equipmentExclusion(),
  ]),
  // A file's preview only reads; applying it excludes brands or models (the answer's kind says which).
  'exclusionImport.preview': nothing,
  'exclusionImport.apply': onSuccess<unknown, ExclusionImportOutcome>(({ answer }) => (answer.kind === 'brands' ? brandExclusion() : equipmentExclusion())),
  'bulkExclusions.brands': onSuccess<unknown, unknown>(brandExclusion),
  'bulkExclusions.models': onSuccess<unknown, unknown>(equipmentExclusion),
  // An undo may put back brands and models alike: both kinds' lists.
  'exclusionChanges.undo': onSuccess<unknown, unknown>(() =>
    [keys.exclusions.all, keys.equipments.all, keys.brands.all, keys.categories.all].map((key) => invalidateKey(key)),
  ),
  'paymentMethods.setupIntent': nothing,
  'paymentMethods.add': storePaymentMethods,
  'paymentMethods.switchDefault': storePaymentMethods,
  'paymentMethods.remove': storePaymentMethods,
  // The new balance from the answer at once, then the server's (held tokens included); the statement gains a row.
  'generation.estimate': nothing, // reads only
  // The preferences as stored replace the cached ones.
  'preferences.update': onSuccess<unknown, Preferences>(({ answer }) => [{ kind: 'patch', queryKey: keys.preferences(), update: () => answer }]),
  // The columns as stored replace the grid's cached ones (the grid on screen already shows them).
  'gridSettings.update': onSuccess<{ grid: string }, GridSettings>(({ sent, answer }) => [
    { kind: 'patch', queryKey: keys.gridSettings(sent.grid), update: () => answer },
  ]),
  // A view saved, renamed or deleted: the views menus list them again (a rename may reorder them).
  'savedViews.create': onSuccess<unknown, unknown>(() => [invalidateKey(keys.savedViews.all)]),
  'savedViews.update': onSuccess<unknown, unknown>(() => [invalidateKey(keys.savedViews.all)]),
  'savedViews.remove': onSuccess<unknown, unknown>(() => [invalidateKey(keys.savedViews.all)]),
  // The run's answer is the run as it now is (cancelled, or the new one queued); the event that follows says it too.
  'runs.cancel': onSuccess<number, RunAnswer>(({ answer }) => runEffects(answer.run)),
  'runs.retry': onSuccess<number, RunAnswer>(({ sent, answer }) => [...runEffects(answer.run), ...retriedEffects(sent, answer.run.id)]),
  'tokens.purchase': onSuccess<unknown, { tokens?: number }>(({ answer }) => [
    ...(answer.tokens === undefined
      ? []
      : [{ kind: 'patch', queryKey: keys.userTokens(), update: (old: unknown) => ({ ...(isRecord(old) ? old : {}), tokens: answer.tokens }) } satisfies CacheEffect]),
    invalidateKey(keys.userTokens()),
    invalidateKey(keys.transactions.all),
  ]),
  // A check may credit a payment: the balance it answers at once, then the server's; the statement may gain a row.
  'tokens.checkPurchases': onSuccess<unknown, { tokens: number }>(({ answer }) => [
    { kind: 'patch', queryKey: keys.userTokens(), update: (old: unknown) => ({ ...(isRecord(old) ? old : {}), tokens: answer.tokens }) } satisfies CacheEffect,
    invalidateKey(keys.userTokens()),
    invalidateKey(keys.transactions.all),
  ]),
  'broadcasting.auth': nothing, // pusher-js's own call
  'pusher.events': nothing, // publishers' calls (the server side)
  'pusher.batchEvents': nothing,
  'stripeWebhook.receive': nothing, // Stripe's call; the balance arrives by `changetokens`
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
