import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExcludeBrandBody } from '../../contract/brands';
import { exclusionsApi, exclusionMessages, type RemoveExclusionByNameBody } from '../../contract/exclusions';
import { useEndpointMutation } from './endpoint-mutation';
import { call, serverMessage } from './http';
import { keys } from './keys';

/**
 * Exclusions (docs/product.md#calls): the two lists and the calls that add to and remove from them. Every mutation
 * answers the server's `{ message }` (the success texts of docs/product.md#messages-and-errors, `exclusionMessages`); callers show the toasts.
 */

export { exclusionMessages };

/** The texts of the exclusion screens (docs/product.md#messages-and-errors). */
export const exclusionTexts = {
  fetchFailed: 'Failed to fetch exclusions.',
  equipmentRemovalFailed: 'Failed to remove equipment from exclusion.',
  /** The token-era screens prefix the server's message (docs/product.md#messages-and-errors). */
  errorPrefix: 'Error: ',
} as const;

/**
 * An exclusion failure as the token-era screens report it: 'Error: ' plus the server's message (docs/product.md#messages-and-errors); when the
 * server gave none (a 500, a network failure), the screen's own `fallback` text.
 */
export function exclusionErrorText(error: unknown, fallback: string): string {
  const message = serverMessage(error);
  return message === undefined ? fallback : `${exclusionTexts.errorPrefix}${message}`;
}

/** The server pages the lists (at most 1000 a call); the screens want them whole, so they are read page by page. */
const pageSize = 1000;
/** A guard against a server that ignores `offset`: 50 pages are 50,000 exclusions. */
const maxPages = 50;

async function getEveryPage<Row>(getPage: (query: { offset: number; limit: number }) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; page < maxPages; page += 1) {
    const batch = await getPage({ offset: page * pageSize, limit: pageSize });
    rows.push(...batch);
    if (batch.length < pageSize) break;
  }
  return rows;
}

// Queries

/** GET /api/equipments/exclusions: every excluded model, newest exclusion first. */
export function getEquipmentExclusions() {
  return getEveryPage((query) => call(exclusionsApi.equipments, { query }));
}

export const equipmentExclusionsQueryOptions = () =>
  queryOptions({ queryKey: keys.exclusions.equipments(), queryFn: getEquipmentExclusions });

export function useEquipmentExclusions() {
  return useQuery(equipmentExclusionsQueryOptions());
}

/** GET /api/brands/exclusions: every excluded brand, newest exclusion first. */
export function getBrandExclusions() {
  return getEveryPage((query) => call(exclusionsApi.brands, { query }));
}

export const brandExclusionsQueryOptions = () => queryOptions({ queryKey: keys.exclusions.brands(), queryFn: getBrandExclusions });

export function useBrandExclusions() {
  return useQuery(brandExclusionsQueryOptions());
}

// Fetchers of the mutations

/** POST /api/brands/exclusions { name, subcategory_id }: excludes the brand of that name. */
export function excludeBrand(body: ExcludeBrandBody) {
  return call(exclusionsApi.excludeBrand, { body });
}

/** DELETE /api/brands/exclusions/{id} (the brand's id). */
export function unexcludeBrand(id: number) {
  return call(exclusionsApi.unexcludeBrand, { params: { id } });
}

/** POST /api/equipments/exclusions/{id}: excludes one model. */
export function excludeEquipment(id: number) {
  return call(exclusionsApi.excludeEquipment, { params: { id } });
}

/** DELETE /api/equipments/exclusions/{id}: un-excludes one model. */
export function unexcludeEquipment(id: number) {
  return call(exclusionsApi.unexcludeEquipment, { params: { id } });
}

/**
 * The token-era removal (docs/product.md#calls, the last exclusions call): POST to the path with `{id}` left literally in it (the
 * browser sends it as %7Bid%7D) and `{ data: { brand, model } }`; un-excludes every model of that brand and name.
 */
export function unexcludeEquipmentByName(data: RemoveExclusionByNameBody['data']) {
  return call(exclusionsApi.unexcludeEquipmentByName, { body: { data } });
}

// Mutation hooks: the lists catch up a moment after the toast (the refetches are not awaited).

export function useExcludeBrand() {
  return useEndpointMutation(exclusionsApi.excludeBrand, { input: (body: ExcludeBrandBody) => ({ body }), awaitRefetch: false });
}

export function useUnexcludeBrand() {
  return useEndpointMutation(exclusionsApi.unexcludeBrand, { input: (id: number) => ({ params: { id } }), awaitRefetch: false });
}

export function useExcludeEquipment() {
  return useEndpointMutation(exclusionsApi.excludeEquipment, { input: (id: number) => ({ params: { id } }), awaitRefetch: false });
}

export function useUnexcludeEquipment() {
  return useEndpointMutation(exclusionsApi.unexcludeEquipment, { input: (id: number) => ({ params: { id } }), awaitRefetch: false });
}
