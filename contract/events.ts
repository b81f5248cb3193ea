import { z } from 'zod';
import { idField } from './http';

export const event = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  category: z.object({ name: z.string() }),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  event_type: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  created_at: z.string(),
});
export type Event = z.infer<typeof event>;

/** GET /api/events?category_id= (extension: one page of a category's events) */
export const eventsPageQuery = z.object({
  category_id: z.coerce.number().int().positive(),
  q: z.string().max(200).optional(),
  sort: z.enum(['name', 'start_date', 'end_date', 'created_at', 'event_type']).default('start_date'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const eventsPageAnswer = z.object({ events: z.array(event), total: z.number().int() });

/** POST /api/events/generate */
export const generateEventsBody = z.object({ category_id: idField });
export const generateEventsAnswer = z.object({ events: z.array(event), message: z.string().optional() });
