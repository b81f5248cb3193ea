import { z } from 'zod';
import { equipment } from './equipments';
import { idField, nameField } from './http';

export const brandInformation = z.object({
  website: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
});
export type BrandInformation = z.infer<typeof brandInformation>;

export const socialTypes = ['crunchbase', 'facebook', 'x', 'linkedin'] as const;
export const social = z.object({ type: z.enum(socialTypes), url: z.string() });
export type Social = z.infer<typeof social>;

export const brand = z.object({
  id: z.number().int(),
  name: z.string(),
  subcategory_id: z.number().int(),
  subcategory: z.object({ id: z.number().int(), name: z.string() }),
  category: z.object({ id: z.number().int().optional(), name: z.string() }),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  created_at: z.string(),
  equipments_count: z.number().int().optional(),
  equipments: z.array(equipment).default([]),
  logo: z.string().nullable(),
  /** JSON text of Social[] (SPEC 3). */
  socials: z.string().nullable(),
  excluded: z.boolean(),
  brand_informations: z.array(brandInformation).default([]),
});
export type Brand = z.infer<typeof brand>;

/** GET /api/brands/{id} */
export const brandAnswer = z.object({ brand });

/**
 * GET /api/brands (extension): one page of a subcategory's brands, sorted and filtered on the server.
 */
export const brandSortFields = ['name', 'seo_title', 'seo_description', 'created_at', 'equipments_count'] as const;
export const brandsPageQuery = z.object({
  subcategory_id: z.coerce.number().int().positive(),
  q: z.string().max(200).optional(),
  sort: z.enum(brandSortFields).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const brandsPageAnswer = z.object({ brands: z.array(brand), total: z.number().int() });

/** POST /api/brands/generate */
export const generateBrandsBody = z.object({ subcategory_id: idField });
export const generateAnswer = z.object({ success: z.boolean(), message: z.string() });
export type GenerateAnswer = z.infer<typeof generateAnswer>;

/** GET /api/brand-generation-history */
export const brandHistoryQuery = z.object({
  subcategory_id: z.coerce.number().int().positive(),
  brand_id: z.coerce.number().int().positive().optional(),
});

/** POST /api/brands/exclusions: a brand's name (the token-era call) */
export const excludeBrandBody = z.object({ name: nameField, subcategory_id: idField.optional() });
