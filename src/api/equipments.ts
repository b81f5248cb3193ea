import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { equipmentsApi, type Equipment, type EquipmentBrand, type UpdateEquipmentBody } from '../../contract/equipments';
import { useEndpointMutation } from './endpoint-mutation';
import { call, errorMessage, generationRequestTimeoutMs } from './http';
import { keys } from './keys';
import { applyMutationStaleness } from './staleness';

/** Equipment models (docs/product.md#calls): a subcategory's items, saving an edited row, its brands, generation. */

// ---- GET /api/equipments -----------------------------------------------------------------------------------------

/** Rows a page of a subcategory's items (the server allows up to 1000 a call). */
export const equipmentsPageSize = 200;

export type EquipmentsPage = { equipments: Equipment[]; total?: number | undefined; next_cursor?: string | null | undefined };

/** Where a page starts: after the previous page's last row (the server's `next_cursor`), else at an offset. */
export type EquipmentsPageParam = { after: string } | { offset: number };

/** GET /api/equipments?subcategory_id=&after=|offset=&limit= (the id and paging are extensions of `?subcategory={name}`). */
export function getEquipmentsPage(params: { subcategory_id: number; limit: number } & EquipmentsPageParam): Promise<EquipmentsPage> {
  return call(equipmentsApi.list, { query: params });
}

/** Every page loaded so far of a subcategory's items, by brand then model. */
export function subcategoryEquipmentsQueryKey(subcategoryId: number) {
  return keys.equipments.list({ subcategory_id: subcategoryId, limit: equipmentsPageSize });
}

/**
 * The page after `pages`, or undefined when every item is loaded. With the server's `next_cursor` the next page
 * starts after the last row (as fast deep in the list as at its top); a server without cursors gets an offset.
 */
export function nextEquipmentsPage(pages: readonly EquipmentsPage[]): EquipmentsPageParam | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.equipments.length, 0);
  const last = pages.at(-1);
  if (!last) return { offset: 0 };
  if (last.next_cursor !== undefined) return last.next_cursor === null ? undefined : { after: last.next_cursor };
  if (last.total !== undefined) return loaded < last.total ? { offset: loaded } : undefined;
  return last.equipments.length < equipmentsPageSize ? undefined : { offset: loaded };
}

const firstEquipmentsPage = { offset: 0 } as EquipmentsPageParam;

/** A subcategory's items, a page at a time (`fetchNextPage` as the operator scrolls). */
export const subcategoryEquipmentsQueryOptions = (subcategoryId: number) =>
  infiniteQueryOptions({
    queryKey: subcategoryEquipmentsQueryKey(subcategoryId),
    queryFn: ({ pageParam }) => getEquipmentsPage({ subcategory_id: subcategoryId, limit: equipmentsPageSize, ...pageParam }),
    initialPageParam: firstEquipmentsPage,
    getNextPageParam: (_last, pages) => nextEquipmentsPage(pages),
  });

/** A subcategory's items (see subcategoryEquipmentsQueryOptions); disabled while `null`. */
export function useSubcategoryEquipments(subcategoryId: number | null) {
  return useInfiniteQuery({ ...subcategoryEquipmentsQueryOptions(subcategoryId ?? 0), enabled: subcategoryId !== null });
}

// ---- POST /api/equipments/update ---------------------------------------------------------------------------------

/** docs/product.md#messages-and-errors: an equipment update failure ("Alert") and the row's own "save of changes" text. */
export const equipmentUpdateFailedText = 'Failed to update equipment. Please try again.';
export const equipmentSaveFailedText = 'Failed to save changes. Please try again.';

/** What Save sends: the edited row, and the subcategory it was in (a move also changes the tree's counts). */
export interface EquipmentSave {
  body: UpdateEquipmentBody;
  previousSubcategoryId: number;
}

/** POST /api/equipments/update with the full edited row; answers the row as the server now has it. */
export function useUpdateEquipment() {
  return useEndpointMutation(equipmentsApi.update, { input: ({ body }: EquipmentSave) => ({ body }) });
}

// ---- GET /api/equipments/brands ------------------------------------------------------------------------------------

/** Brands a page of the Brands dialog (the server allows up to 5000 a call). */
export const equipmentBrandsPageSize = 200;

/** GET /api/equipments/brands?subcategory_id=&q= : the first brands by name with their equipment status. */
export function getEquipmentBrands(params: { subcategory_id: number; q?: string; limit?: number }): Promise<EquipmentBrand[]> {
  const query = { subcategory_id: params.subcategory_id, limit: params.limit ?? equipmentBrandsPageSize, q: params.q || undefined };
  return call(equipmentsApi.brands, { query });
}

export const equipmentBrandsQueryOptions = (subcategoryId: number, q = '') =>
  queryOptions({
    queryKey: keys.equipments.brands(subcategoryId, q ? { q } : {}),
    queryFn: () => getEquipmentBrands({ subcategory_id: subcategoryId, q }),
  });

export function useEquipmentBrands(subcategoryId: number | null, q = '') {
  return useQuery({ ...equipmentBrandsQueryOptions(subcategoryId ?? 0, q), enabled: subcategoryId !== null });
}

// ---- Generation ----------------------------------------------------------------------------------------------------

/** POST /api/equipments/generate-models { brand, subcategory_id }: a brand's models. */
export function generateModels(body: { brand: number; subcategory_id: number }): Promise<Equipment[]> {
  return call(equipmentsApi.generateModels, { body }, { timeout: generationRequestTimeoutMs }).then((answer) => answer.models);
}

/** docs/product.md#messages-and-errors: 'Failed to generate models: ' plus the error message. */
export function generateModelsFailedText(error: unknown): string {
  return `Failed to generate models: ${errorMessage(error, error instanceof Error ? error.message : 'Unknown error')}`;
}

/** What Generate Equipments is for: brands picked by hand, or every brand of the subcategory the filter matches. */
export type GenerateEquipmentsSelection = { subcategory_id: number; brands: number[] } | { subcategory_id: number; filter: { q?: string } };

/** docs/product.md#messages-and-errors: the server's message, else this. */
export const generateEquipmentsFailedText = 'Failed to generate equipments. Please try again.';

/** At most this many brands a generate call (contract generateEquipmentsBody). */
const maxBrandsPerGeneration = 1000;

/**
 * The brands Generate Items of the Equipments screen generates for: the subcategory's first 1000 by name, the most
 * one POST /api/equipments/generate takes.
 */
export async function itemBrandIds(subcategoryId: number): Promise<number[]> {
  const brands = await getEquipmentBrands({ subcategory_id: subcategoryId, limit: maxBrandsPerGeneration });
  return brands.map((b) => b.id);
}

export const noBrandsForItemsText = 'This subcategory has no brands yet: generate its brands first.';

/** Not useEndpointMutation: its answer is the models alone (the Brands dialog counts them), not the call's `{ models }`. */
export function useGenerateModels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateModels,
    onSettled: (answer, _error, sent) => applyMutationStaleness(queryClient, 'equipments.generateModels', { sent, answer }),
  });
}
