import { z } from 'zod';
import { brand } from './brands';
import { equipment } from './equipments';
import { event } from './events';
import { idField, nameField } from './http';
import { statusRecord } from './statuses';

export const subcategory = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  /** The latest generation status of the subcategory's brands, or null when none ran. */
  status: z.string().nullable(),
  brands_count: z.number().int(),
  equipments_count: z.number().int(),
});
export type Subcategory = z.infer<typeof subcategory>;

export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The latest event generation status of the category, or null. */
  status: z.string().nullable(),
  events_count: z.number().int(),
  subcategories: z.array(subcategory),
});
export type Category = z.infer<typeof category>;

/**
 * GET /api/categories. The spec's answer carries brands, events and statuses too; this server sends the brands
 * of `subcategory_id` and the events of `category_id` when asked (scoped extension), and empty lists otherwise,
 * so the SPA never downloads the whole catalogue.
 */
export const categoriesQuery = z.object({
  subcategory_id: z.coerce.number().int().positive().optional(),
  category_id: z.coerce.number().int().positive().optional(),
});
export const categoriesAnswer = z.object({
  categories: z.array(category),
  brands: z.array(brand).default([]),
  events: z.array(event).default([]),
  statuses: z.array(statusRecord).default([]),
  equipments: z.array(equipment).optional(),
  equipments_statuses: z.array(statusRecord).optional(),
});
export type CategoriesAnswer = z.infer<typeof categoriesAnswer>;

/** GET /api/categories-with-subcategories */
export const categoriesWithSubcategoriesAnswer = z.object({
  categories: z.array(category),
  equipments: z.array(equipment.extend({ subcategory: z.string() })).default([]),
});

/** POST /api/categories/update and POST /api/subcategories/update */
export const renameBody = z.object({ id: idField, name: nameField });
export type RenameBody = z.infer<typeof renameBody>;

/** POST /api/equipments/subcategory/update */
export const moveSubcategoryBody = z.object({ subcategoryId: idField, newCategoryId: idField });
export type MoveSubcategoryBody = z.infer<typeof moveSubcategoryBody>;

/** POST /api/subcategory/update-category (the spec's unused variant; newCategory is an id) */
export const moveSubcategoryVariantBody = z.object({ subcategoryId: idField, newCategory: idField });

export const renameAnswer = z.object({ message: z.string(), category: category.omit({ subcategories: true }).optional() });
