import { z } from 'zod';
import { endpoint } from './endpoint';
import { clientText } from './text';

/**
 * Grids that fit (docs/product.md#grids): each grid's columns as the operator arranged them (order, hidden, width), kept
 * on the server per operator and grid, so every browser they sign in to shows the same columns.
 */

/** The grids whose columns are remembered; another name is a 404. */
export const gridNames = [
  'brands',
  'events',
  'brand-exclusions',
  'equipment-brand-exclusions',
  'equipment-exclusions',
  'equipment-details',
  'transactions',
  'runs',
] as const;
export type GridName = (typeof gridNames)[number];

export const isGridName = (value: string): value is GridName => (gridNames as readonly string[]).includes(value);

/** The narrowest and widest a column may be made (px). */
export const gridColumnWidth = { min: 48, max: 2000 } as const;

export const gridColumnSetting = z.object({
  /** The column's id in the grid's definition (a column the grid no longer has is ignored). */
  id: clientText.min(1).max(64),
  hidden: z.boolean(),
  /** Its width in px; null: the grid's own width. */
  width: z.number().int().min(gridColumnWidth.min).max(gridColumnWidth.max).nullable(),
});
export type GridColumnSetting = z.infer<typeof gridColumnSetting>;

/** The columns in the operator's order; none: the grid as designed ("Reset columns" stores none). */
export const gridSettings = z.object({
  columns: z
    .array(gridColumnSetting)
    .max(64)
    .refine((columns) => new Set(columns.map((c) => c.id)).size === columns.length, { error: 'Each column may appear once.' }),
});
export type GridSettings = z.infer<typeof gridSettings>;

export const gridParams = z.object({ grid: clientText.min(1).max(64) });

export const gridSettingsApi = {
  show: endpoint({
    name: 'gridSettings.show',
    method: 'GET',
    path: '/api/grid-settings/:grid',
    summary: "The operator's columns of one grid (order, hidden, widths); none when never arranged.",
    params: gridParams,
    answer: gridSettings,
  }),
  update: endpoint({
    name: 'gridSettings.update',
    method: 'POST',
    path: '/api/grid-settings/:grid',
    summary: "Stores the operator's columns of one grid (an empty list resets them); answers them as stored.",
    params: gridParams,
    body: gridSettings,
    answer: gridSettings,
  }),
} as const;
