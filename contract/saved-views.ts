import { z } from 'zod';
import { endpoint } from './endpoint';
import type { gridNames } from './grid-settings';
import { idParams } from './ids';
import { reviewStates } from './review';
import { clientText } from './text';

/**
 * Saved views (docs/decisions/0010-saved-views.md): a grid's quick filter, sort and visible columns kept under a name, per operator
 * and grid, on the server. The same state travels in a grid's URL (`?q=&sort=&dir=&cols=`), so a view can be shared
 * by link. See docs/decisions/0010-saved-views.md.
 */

/** The grids a view can be saved for: those whose filter and sort live in the URL (`useUrlTableState`). */
export const viewGridNames = [
  'brands',
  'events',
  'brand-exclusions',
  'equipment-brand-exclusions',
  'equipment-exclusions',
  'equipment-details',
] as const satisfies readonly (typeof gridNames)[number][];
export type ViewGridName = (typeof viewGridNames)[number];

export const savedViewNameMax = 80;

/** A view's name: trimmed, 1 to 80 characters. Unique per operator and grid, ignoring case. */
export const savedViewName = clientText
  .trim()
  .min(1, 'The name is required.')
  .max(savedViewNameMax, `The name may not be longer than ${savedViewNameMax} characters.`);

const columnId = clientText.min(1).max(64);

/** What a view restores: the grid's URL state, and the columns shown in their order (other columns hidden). */
export const savedViewState = z.strictObject({
  /** The quick filter; absent: none. */
  q: clientText.trim().min(1).max(200).optional(),
  /** The sorted column and direction; absent: the grid's default order. */
  sort: columnId.optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  /** The review filter of a grid of generated items (brands, models, events); absent: every row. */
  review: z.enum(reviewStates).optional(),
  /** The visible columns, in order (at least one). */
  columns: z
    .array(columnId)
    .min(1)
    .max(64)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Each column may appear once.' }),
});
export type SavedViewState = z.infer<typeof savedViewState>;

export const savedView = z.object({
  id: z.number().int(),
  grid: z.enum(viewGridNames),
  name: z.string(),
  state: savedViewState,
  /** ISO 8601, UTC. */
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedView>;

export const savedViewsQuery = z.object({ grid: z.enum(viewGridNames) });
export const savedViewsAnswer = z.object({ views: z.array(savedView) });

export const createSavedViewBody = z.strictObject({ grid: z.enum(viewGridNames), name: savedViewName, state: savedViewState });
export type CreateSavedViewBody = z.input<typeof createSavedViewBody>;

/** A rename, a new state, or both. */
export const updateSavedViewBody = z
  .strictObject({ name: savedViewName.optional(), state: savedViewState.optional() })
  .refine((body) => body.name !== undefined || body.state !== undefined, { error: 'Give a new name, a new state, or both.' });
export type UpdateSavedViewBody = z.input<typeof updateSavedViewBody>;

export const deletedSavedView = z.object({ id: z.number().int() });

export const savedViewsApi = {
  list: endpoint({
    name: 'savedViews.list',
    method: 'GET',
    path: '/api/saved-views',
    summary: "The operator's saved views of one grid, by name.",
    query: savedViewsQuery,
    answer: savedViewsAnswer,
  }),
  create: endpoint({
    name: 'savedViews.create',
    method: 'POST',
    path: '/api/saved-views',
    summary: "Saves a grid's filter, sort and columns under a name (422 at `name` when the operator already has it on that grid).",
    body: createSavedViewBody,
    answer: savedView,
  }),
  update: endpoint({
    name: 'savedViews.update',
    method: 'POST',
    path: '/api/saved-views/:id',
    summary: "Renames one of the operator's views and/or replaces its state; 404 for another operator's view.",
    params: idParams,
    body: updateSavedViewBody,
    answer: savedView,
  }),
  remove: endpoint({
    name: 'savedViews.remove',
    method: 'DELETE',
    path: '/api/saved-views/:id',
    summary: "Deletes one of the operator's views; 404 for another operator's view.",
    params: idParams,
    answer: deletedSavedView,
  }),
} as const;
