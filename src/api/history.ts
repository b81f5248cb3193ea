import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { historyApi, type GenerationHistoryEntry } from '../../contract/history';
import { call } from './http';
import { keys, type HistoryParams } from './keys';

/**
 * Generation history (docs/product.md#calls): the runs with their token cost, newest first. Each call answers a list
 * (the client also accepts `{ history: [...] }`, contract/history.ts).
 */

/** GET /api/history?type=&category_id=&subcategory_id= (the header's History: the selection's runs). */
export function getGenerationHistory(params: HistoryParams): Promise<GenerationHistoryEntry[]> {
  return call(historyApi.list, { query: params });
}

/** GET /api/equipment-generation-history?subcategory={name} (a subcategory's equipment runs). */
export function getEquipmentGenerationHistory(subcategoryName: string): Promise<GenerationHistoryEntry[]> {
  return call(historyApi.equipmentGeneration, { query: { subcategory: subcategoryName } });
}

/** GET /api/brand-generation-history?subcategory_id=&brand_id= (a brand's equipment runs, or a subcategory's brand runs). */
export function getBrandGenerationHistory(params: { subcategory_id: number; brand_id?: number }): Promise<GenerationHistoryEntry[]> {
  return call(historyApi.brandGeneration, { query: params });
}

/** What a History dialog lists: one of the history calls and its parameters. */
export type HistorySource =
  | { kind: 'generation'; params: HistoryParams }
  | { kind: 'equipment'; subcategoryName: string }
  | { kind: 'brand'; params: { subcategory_id: number; brand_id?: number } };

function historyKey(source: HistorySource): readonly unknown[] {
  switch (source.kind) {
    case 'generation':
      return keys.history.generation(source.params);
    case 'equipment':
      return keys.history.equipmentGeneration(source.subcategoryName);
    case 'brand':
      return keys.history.brandGeneration(source.params);
  }
}

function fetchHistory(source: HistorySource): Promise<GenerationHistoryEntry[]> {
  switch (source.kind) {
    case 'generation':
      return getGenerationHistory(source.params);
    case 'equipment':
      return getEquipmentGenerationHistory(source.subcategoryName);
    case 'brand':
      return getBrandGenerationHistory(source.params);
  }
}

/** The entries of `source`; nothing is fetched while `source` is null (a closed dialog). */
export function historyQueryOptions(source: HistorySource | null) {
  return queryOptions({
    queryKey: source ? historyKey(source) : (['history', 'none'] as const),
    queryFn: source ? () => fetchHistory(source) : skipToken,
    // History grows while generations run: ask again whenever a dialog opens.
    staleTime: 0,
  });
}

export function useHistory(source: HistorySource | null) {
  return useQuery(historyQueryOptions(source));
}

/** docs/product.md#messages-and-errors: what a failed history fetch shows. */
export const historyErrorText = 'Failed to fetch history data. Please try again.';
