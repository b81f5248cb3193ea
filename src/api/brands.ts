import { queryOptions, useQuery, type InfiniteData } from '@tanstack/react-query';
import { brandsApi, type Brand, type BrandSortField } from '../../contract/brands';
import { equipmentsApi, type Equipment } from '../../contract/equipments';
import { useEndpointMutation } from './endpoint-mutation';
import { generateEquipmentsFailedText, type GenerateEquipmentsSelection } from './equipments';
import { call } from './http';
import { keys } from './keys';
import { pagedList, type PageQuery, type PagedListParams } from './paged-list';

/** Brands (docs/product.md#calls): a subcategory's brands page by page, a brand's models, generation. */

// ---- GET /api/brands?subcategory_id= (extension: paged, sorted and filtered on the server) ---------------------------

export type BrandsListParams = PagedListParams<BrandSortField>;
export type BrandsPage = { brands: Brand[]; total: number };

/**
 * A subcategory's brands, page by page (`usePagedList(brandsList, subcategoryId, params)`; `brandsList.loaded` is every
 * brand loaded so far, in order). 100 rows a page (the server allows up to 500): about 70 kB of JSON, within the
 * 100 kB of docs/figures.md an answer (400-row pages were 282-373 kB).
 */
export const brandsList = pagedList({
  rowsOf: (page: BrandsPage) => page.brands,
  pageSize: 100,
  queryKey: keys.brands.page,
  fetchPage: (subcategoryId: number, query: PageQuery<BrandSortField>, signal?: AbortSignal) =>
    call(brandsApi.list, { query: { subcategory_id: subcategoryId, ...query } }, { signal }),
});

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
