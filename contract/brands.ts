import { z } from 'zod';
import { equipment } from './equipments';
import { idField, idParams } from './ids';
import { statusRecord } from './statuses';
import { catalogueName, pageLimit, pageOffset, searchQuery, sortDirection } from './text';
import { endpoint } from './endpoint';
import { generateAnswer } from './generation';
import { realtimeEvents } from './realtime';
import { reviewFilter, rowReview } from './review';

export const brandInformation = z.object({
  website: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
});

export const socialTypes = ['crunchbase', 'facebook', 'x', 'linkedin'] as const;
export const social = z.object({ type: z.enum(socialTypes), url: z.string() });
export type Social = z.infer<typeof social>;

/**
 * At most this many of a brand's models are embedded in GET /api/brands/{id}, and in each brand of a list that
 * embeds them; `equipments_count` counts them all (GET /api/equipments?brand_id= pages through them).
 */
export const embeddedEquipmentsLimit = 100;
export const embeddedEquipmentsPerListedBrand = 20;

export const brand = z.object({
  id: z.number().int(),
  name: z.string(),
  subcategory_id: z.number().int(),
  subcategory: z.object({ id: z.number().int(), name: z.string() }),
  category: z.object({ id: z.number().int().optional(), name: z.string() }),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  created_at: z.string(),
  /**
   * Every model of the brand. `equipments` holds the first models by model name: `embeddedEquipmentsLimit` in
   * GET /api/brands/{id}, `embeddedEquipmentsPerListedBrand` in the scoped GET /api/categories and in a page of
   * GET /api/brands that asks for them (`with_equipments=true`), none otherwise.
   */
  equipments_count: z.number().int().optional(),
  equipments: z.array(equipment).default([]),
  logo: z.string().nullable(),
  /** JSON text of Social[] (docs/product.md#data). */
  socials: z.string().nullable(),
  excluded: z.boolean(),
  brand_informations: z.array(brandInformation).default([]),
  /**
   * Extension: the brand's equipment-generation status record (the one GET /api/statuses lists for this brand),
   * or null when none ran ('Not Generated'). Saves a screen from downloading every status to show one page.
   */
  status: statusRecord.nullable().optional(),
  /** Extension: the brand's review (docs/decisions/0025-review-of-generated-items.md); the grids and exports show it. */
  review: rowReview.optional(),
});
export type Brand = z.infer<typeof brand>;

/** GET /api/brands/{id} */
export const brandAnswer = z.object({ brand });

/**
 * GET /api/brands (extension): one page of a subcategory's brands, sorted and filtered on the server.
 * `q` is a case-insensitive "contains" on the name; `total` counts every brand that matches.
 */
export const brandSortFields = ['name', 'seo_title', 'seo_description', 'created_at', 'equipments_count'] as const;
export type BrandSortField = (typeof brandSortFields)[number];
export const brandsPageQuery = z.object({
  subcategory_id: idField,
  q: searchQuery,
  sort: z.enum(brandSortFields).default('name'),
  dir: sortDirection,
  offset: pageOffset,
  limit: pageLimit(500, 100),
  /** Only the brands in this review state (absent: every brand). */
  review: reviewFilter,
  /**
   * `true` embeds each brand's first models in `equipments`; by default a page carries `equipments: []` and
   * `equipments_count`, and a row that expands asks GET /api/equipments?brand_id= (a page stays small).
   */
  with_equipments: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export type BrandsPageQuery = z.infer<typeof brandsPageQuery>;
export const brandsPageAnswer = z.object({ brands: z.array(brand), total: z.number().int() });

/** POST /api/brands/generate */
export const generateBrandsBody = z.object({ subcategory_id: idField });

/**
 * POST /api/brands/exclusions: a brand's name (the token-era call), matched case-insensitively. With several
 * brands of that name, `subcategory_id` says which (422 without it); 404 when none matches.
 */
export const excludeBrandBody = z.object({ name: catalogueName, subcategory_id: idField.optional() });
export type ExcludeBrandBody = z.input<typeof excludeBrandBody>;

export const brandsApi = {
  list: endpoint({
    name: 'brands.list',
    method: 'GET',
    path: '/api/brands',
    summary: "One page of a subcategory's brands, sorted and filtered on the server.",
    query: brandsPageQuery,
    answer: brandsPageAnswer,
  }),
  show: endpoint({
    name: 'brands.show',
    method: 'GET',
    path: '/api/brands/:id',
    summary: 'A brand by id, with its first models.',
    params: idParams,
    answer: brandAnswer,
  }),
  generate: endpoint({
    name: 'brands.generate',
    method: 'POST',
    path: '/api/brands/generate',
    summary: "Queues a run that generates a subcategory's brands; the tokens it may cost are held until it ends.",
    body: generateBrandsBody,
    answer: generateAnswer,
    announces: [realtimeEvents.changeAnyStatus, realtimeEvents.changeTokens],
  }),
} as const;
