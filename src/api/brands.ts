import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { brandsApi, type Brand, type BrandSortField } from '../../contract/brands';
import { equipmentsApi, type Equipment } from '../../contract/equipments';
import { useEndpointMutation } from './endpoint-mutation';
import { generateEquipmentsFailedText, type GenerateEquipmentsSelection } from './equipments';
import { call } from './http';
import { keys } from './keys';

/** Brands (docs/product.md#calls): a subcategory's brands page by page, a brand's models, generation. */

// ---- GET /api/brands?subcategory_id= (extension: paged, sorted and filtered on the server) ---------------------------

/**
 * Brands a page (the server allows up to 500): a page of 100 rows is about 70 kB of JSON, within the 100 kB of docs/figures.md
 * an answer (400-row pages were 282-373 kB); the grid asks the next page as the operator nears the loaded end.
 */
export const brandsPageSize = 100;

export interface BrandsListParams {
  q?: string;
  sort?: BrandSortField;
  dir?: 'asc' | 'desc';
}

export type BrandsPage = { brands: Brand[]; total: number };

export function getBrandsPage(
  subcategoryId: number,
  params: BrandsListParams & { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<BrandsPage> {
  const { offset, limit, sort, dir } = params;
  return call(brandsApi.list, { query: { subcategory_id: subcategoryId, offset, limit, q: params.q || undefined, sort, dir } }, { signal });
}

/** The offset of the page after `pages`, or undefined when every brand is loaded. */
export function nextBrandsOffset(pages: readonly BrandsPage[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.brands.length, 0);
  const last = pages.at(-1);
  if (!last) return 0;
  return loaded < last.total && last.brands.length > 0 ? loaded : undefined;
}

export const brandsPagesQueryOptions = (subcategoryId: number, params: BrandsListParams = {}) =>
  infiniteQueryOptions({
    queryKey: keys.brands.page(subcategoryId, params),
    queryFn: ({ pageParam, signal }) => getBrandsPage(subcategoryId, { ...params, offset: pageParam, limit: brandsPageSize }, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextBrandsOffset(pages),
  });

/** A subcategory's brands, a page at a time (`fetchNextPage` as the operator scrolls); disabled while `null`. */
export function useBrandsPages(subcategoryId: number | null, params: BrandsListParams = {}) {
  return useInfiniteQuery({ ...brandsPagesQueryOptions(subcategoryId ?? 0, params), enabled: subcategoryId !== null });
}

/** Every brand loaded so far, in order. */
export function loadedBrands(data: InfiniteData<BrandsPage> | undefined): Brand[] {
  return data ? data.pages.flatMap((page) => page.brands) : [];
}

/**
 * Puts a fresh copy of a brand into the pages that hold it (the realtime `updatebrand` refetches GET /api/brands/{id}
 * and patches the lists with this). Pages without it keep their identity.
 */
export function replaceBrandInPages(data: InfiniteData<BrandsPage> | undefined, brand: Brand): InfiniteData<BrandsPage> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const index = page.brands.findIndex((b) => b.id === brand.id);
    if (index < 0) return page;
    changed = true;
    const brands = page.brands.slice();
    brands[index] = brand;
    return { ...page, brands };
  });
  return changed ? { ...data, pages } : data;
}

// ---- GET /api/equipments?brand_id= (extension): a brand's models, for its expanded row -----------------------------

/** Models shown under an expanded brand (its count says how many exist in all). */
export const brandEquipmentsLimit = 100;

export function getBrandEquipments(brandId: number): Promise<{ equipments: Equipment[]; total?: number | undefined }> {
  return call(equipmentsApi.list, { query: { brand_id: brandId, limit: brandEquipmentsLimit } });
}

export const brandEquipmentsQueryOptions = (brandId: number) =>
  queryOptions({
    queryKey: keys.equipments.list({ brand_id: brandId, limit: brandEquipmentsLimit }),
    queryFn: () => getBrandEquipments(brandId),
  });

export function useBrandEquipments(brandId: number) {
  return useQuery(brandEquipmentsQueryOptions(brandId));
}

// ---- POST /api/brands/generate ---------------------------------------------------------------------------------------

/** docs/product.md#messages-and-errors: the server's message, else this. */
export const generateBrandsFailedText = 'Failed to generate brands. Please try again.';

/** POST /api/brands/generate { subcategory_id }: generate (or regenerate) a subcategory's brands. */
export function useGenerateBrands() {
  return useEndpointMutation(brandsApi.generate, { input: (subcategoryId: number) => ({ body: { subcategory_id: subcategoryId } }) });
}

// ---- POST /api/equipments/generate for the ticked brands (the brands screen's floating button) ----------------------

/**
 * Generates models for the ticked brands of a subcategory, or for every brand its filter matches (the answer counts
 * what was queued and skipped). Afterwards the statuses (the brands go In Progress), the subcategory's brand pages
 * (their counts), the tree and the history are stale.
 */
export function useGenerateBrandEquipments() {
  return useEndpointMutation(equipmentsApi.generate, { input: (body: GenerateEquipmentsSelection) => ({ body }) });
}

export { generateEquipmentsFailedText };
