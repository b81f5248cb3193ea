/**
 * The one query-key factory (ARCHITECTURE.md "Conventions"). Every query and every invalidation uses these keys;
 * nothing else spells a key. Keys are hierarchical: invalidating a prefix (e.g. `keys.categories.all`) reaches every
 * key below it. A key's parameters are one object of named parts (`['brands', 'page', { subcategory_id, sort }]`), so
 * their order never matters and nothing reads a key part by its position (`isUnder`, `keyParams`).
 *
 * One entry per call of docs/product.md#calls (and the extensions in contract/), in the order of the spec's tables.
 */

import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import type { EquipmentStatusesScope, StatusRecordsScope } from '../../contract/statuses';
import type { TransactionsQuery } from '../../contract/transactions';
import type { RunsQuery } from '../../contract/runs';
import type { EstimateBody } from '../../contract/estimate';
import type { ReviewItemsQuery } from '../../contract/review';

type Params = Record<string, string | number | boolean | undefined>;

/** Drops undefined members so `{ a: 1, b: undefined }` and `{ a: 1 }` are the same key. */
function compact<P extends Params>(params: P): P {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as P;
}

export type CategoriesScope = { subcategory_id?: number; category_id?: number };
export type PageParams = { q?: string; sort?: string; dir?: 'asc' | 'desc'; offset?: number; limit?: number };
export type HistoryParams = { type: 'Events' | 'Equipments'; category_id?: number; subcategory_id?: number };
/** The review queue's filter and order: what tells one cached queue from another (its pages are the infinite query's). */
export type ReviewListFilter = Omit<ReviewItemsQuery, 'cursor' | 'limit'>;

export const keys = {
  // Authentication and user
  /** GET /api/user */
  user: () => ['user'] as const,
  /** GET /api/user-tokens (patched by the realtime `changetokens` event) */
  userTokens: () => ['user-tokens'] as const,

  // Payment methods
  /** GET /api/payment-methods */
  paymentMethods: () => ['payment-methods'] as const,

  // Categories, brands, events, statuses
  categories: {
    all: ['categories'] as const,
    /** GET /api/categories, optionally scoped (contract categoriesQuery); the header uses the unscoped one. */
    list: (scope: CategoriesScope = {}) => ['categories', 'list', compact(scope)] as const,
    /** GET /api/categories-with-subcategories, optionally scoped by subcategory_id (its first models embedded) */
    withSubcategories: (scope: { subcategory_id?: number } = {}) => ['categories', 'with-subcategories', compact(scope)] as const,
  },
  brands: {
    all: ['brands'] as const,
    /** Every brand detail (the lists are the others). */
    details: ['brands', 'detail'] as const,
    /** GET /api/brands/{id} */
    detail: (id: number) => ['brands', 'detail', { id }] as const,
    /** GET /api/brands?subcategory_id= (extension: one page, sorted and filtered on the server) */
    page: (subcategoryId: number, params: PageParams = {}) =>
      ['brands', 'page', compact({ subcategory_id: subcategoryId, ...params })] as const,
    /** Every page of one subcategory's brands, whatever their sort and filter (a partial key: for invalidation). */
    ofSubcategory: (subcategoryId: number) => ['brands', 'page', { subcategory_id: subcategoryId }] as const,
  },
  events: {
    all: ['events'] as const,
    /** GET /api/events?category_id= (extension) */
    page: (categoryId: number, params: PageParams = {}) => ['events', 'page', compact({ category_id: categoryId, ...params })] as const,
    /** Every page of one category's events (a partial key: the realtime `updateevents` invalidates it). */
    ofCategory: (categoryId: number) => ['events', 'page', { category_id: categoryId }] as const,
  },
  statuses: {
    all: ['statuses'] as const,
    /** GET /api/statuses?per_brand=false&records=false: the In Progress count (the header) */
    list: () => ['statuses', 'list'] as const,
    /** GET /api/statuses?per_brand=false&category_id=|subcategory_id=: an empty screen's status record (its badge and message); bare, every scope */
    records: (scope?: StatusRecordsScope) =>
      scope === undefined ? (['statuses', 'records'] as const) : (['statuses', 'records', scope] as const),
    /** GET /api/equipments/statuses (every scope under the bare key) */
    equipments: (scope?: EquipmentStatusesScope) =>
      scope === undefined ? (['statuses', 'equipments'] as const) : (['statuses', 'equipments', scope] as const),
  },

  // Equipment
  equipments: {
    all: ['equipments'] as const,
    /** GET /api/equipments?subcategory= (or subcategory_id / brand_id, extensions) */
    list: (params: { subcategory?: string; subcategory_id?: number; brand_id?: number; offset?: number; limit?: number }) =>
      ['equipments', 'list', compact(params)] as const,
    /** GET /api/equipments/brands?subcategory_id=&q= (`q` extension); without `q` the prefix of every search. */
    brands: (subcategoryId: number, params: { q?: string } = {}) =>
      ['equipments', 'brands', compact({ subcategory_id: subcategoryId, ...params })] as const,
    /** Every subcategory's equipment brands lists. */
    brandLists: ['equipments', 'brands'] as const,
  },

  // History
  history: {
    all: ['history'] as const,
    /** GET /api/history?type=&category_id=&subcategory_id= */
    generation: (params: HistoryParams) => ['history', 'generation', compact(params)] as const,
    /** GET /api/equipment-generation-history?subcategory={name} */
    equipmentGeneration: (subcategoryName: string) => ['history', 'equipment-generation', { subcategory: subcategoryName }] as const,
    /** GET /api/equipments/history?subcategory= */
    equipments: (subcategoryName?: string) => ['history', 'equipments', compact({ subcategory: subcategoryName })] as const,
    /** GET /api/brand-generation-history?subcategory_id=&brand_id= */
    brandGeneration: (params: { subcategory_id: number; brand_id?: number }) => ['history', 'brand-generation', compact(params)] as const,
    /** GET /api/brands/history */
    brands: () => ['history', 'brands'] as const,
  },

  // Exclusions
  exclusions: {
    all: ['exclusions'] as const,
    /** GET /api/equipments/exclusions */
    equipments: () => ['exclusions', 'equipments'] as const,
    /** GET /api/brands/exclusions */
    brands: () => ['exclusions', 'brands'] as const,
  },

  /** GET /api/generation/typical-costs (extension: what one run of each type usually costs the operator) */
  typicalCosts: () => ['typical-costs'] as const,

  /** GET /api/preferences (extension: the operator's settings) */
  preferences: () => ['preferences'] as const,

  /** GET /api/grid-settings/:grid (extension: the operator's columns of one grid) */
  gridSettings: (grid: string) => ['grid-settings', { grid }] as const,

  savedViews: {
    all: ['saved-views'] as const,
    /** GET /api/saved-views?grid= (extension: the operator's saved views of one grid) */
    list: (grid: string) => ['saved-views', { grid }] as const,
  },

  // Money
  transactions: {
    all: ['transactions'] as const,
    /** GET /api/transactions (extension: the operator's statement) */
    page: (query: TransactionsQuery) => ['transactions', 'page', compact(query as Params)] as const,
  },

  /** POST /api/generation/estimate (extension: a call's cost before it is confirmed; never cached for long) */
  estimate: (body: EstimateBody) => ['estimate', body] as const,

  runs: {
    all: ['runs'] as const,
    /** GET /api/runs (extension: the runs centre; a target's runs are its history) */
    page: (query: RunsQuery) => ['runs', 'page', compact(query as Params)] as const,
  },

  /** GET /api/overview (extension: the dashboard home) */
  overview: () => ['overview'] as const,

  review: {
    all: ['review'] as const,
    /** Every cached page of the queue, whatever its filter. */
    lists: ['review', 'items'] as const,
    /** GET /api/review/items (extension: the review queue, a page at a time) */
    items: (filter: ReviewListFilter) => ['review', 'items', compact(filter as Params)] as const,
    /** GET /api/review/summary (extension: the navigation's count and the reviewer's day) */
    summary: () => ['review', 'summary'] as const,
    /** GET /api/review/stats (extension: the home's generation quality) */
    stats: () => ['review', 'stats'] as const,
  },
} as const;

/**
 * Whether a cached query's key lies under `prefix` (TanStack's own partial match: a named-parts object in the prefix
 * matches a key's object that has those members). Code that asks about a key asks this, never reads it by position.
 */
export function isUnder(queryKey: QueryKey, prefix: QueryKey): boolean {
  return partialMatchKey(queryKey, prefix);
}

/** The named parts of a key (the object among its parts: a query's parameters), if it has some. */
export function keyParams(queryKey: QueryKey): Record<string, unknown> | undefined {
  return queryKey.find((part): part is Record<string, unknown> => typeof part === 'object' && part !== null && !Array.isArray(part));
}
