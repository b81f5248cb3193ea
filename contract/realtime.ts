import { z } from 'zod';
import { clientText } from './text';

/** Real-time channels and events (ARCHITECTURE.md "Real-time contract"). Every channel is private. */
export const channels = {
  user: (userId: number) => `private-user.${userId}` as const,
  statuses: 'private-statuses',
  subcategory: 'private-subcategory',
  category: 'private-category',
  brand: 'private-brand',
  equipments: 'private-equipments',
  events: 'private-events',
  /** The review queue's changes (docs/decisions/0025-review-of-generated-items.md). */
  review: 'private-review',
} as const;

/** The channels every signed-in operator joins (besides their own user channel). */
export const sharedChannels = [
  channels.statuses,
  channels.subcategory,
  channels.category,
  channels.brand,
  channels.equipments,
  channels.events,
  channels.review,
] as const;

export const realtimeEvents = {
  changeTokens: 'changetokens',
  changeAnyStatus: 'changeanystatus',
  updateSubcategory: 'updatesubcategory',
  updateCategory: 'updatecategory',
  updateBrand: 'updatebrand',
  statusesChanged: 'statuseschanged',
  updateEvents: 'updateevents',
  /** Extension (docs/decisions/0008-money-and-runs-in-sight.md), on the operator's own channel: one of their runs changed (its payload: contract/runs.ts). */
  runChanged: 'runchanged',
  /** Extension, on the review channel: items were decided or a run added unreviewed ones (contract/review.ts). */
  reviewChanged: 'reviewchanged',
} as const;
export type RealtimeEventName = (typeof realtimeEvents)[keyof typeof realtimeEvents];

/** `held_tokens` (extension): the part of the balance held for runs under way; absent from other servers. */
export const changeTokensPayload = z.object({
  user: z.object({ id: z.number().int(), tokens: z.number().int(), held_tokens: z.number().int().optional() }),
});
/**
 * `in_progress` (extension): how many statuses are In Progress once this one is stored, as GET /api/statuses counts
 * them, so a screen can patch its cached count instead of refetching every status.
 */
export const changeAnyStatusPayload = z.object({ status: z.unknown(), in_progress: z.number().int().nonnegative().optional() });
export const updateSubcategoryPayload = z.object({ subcategory_id: z.number().int() });
export const updateCategoryPayload = z.object({ category_id: z.number().int() });
export const updateBrandPayload = z.object({ brand_id: z.number().int() });
export const statusesChangedPayload = z.object({ subcategory_ids: z.array(z.number().int()) });
export const updateEventsPayload = z.object({ category_id: z.number().int() });

/** Client timeouts (docs/product.md#constants), in milliseconds as pusher-js takes them. */
export const realtimeClientTimeouts = {
  activityTimeout: 120_000,
  pongTimeout: 30_000,
  unavailableTimeout: 10_000,
} as const;

/** Where pusher-js opens its WebSocket: `/app/{key}` (Pusher Channels protocol 7). */
export const websocketPathPrefix = '/app/';

/** The protocol's own limits and error codes (Pusher Channels protocol 7). */
export const pusherProtocol = {
  version: 7,
  activityTimeoutSeconds: 120,
  maxMessageBytes: 10 * 1024,
  errors: {
    unknownApp: 4001,
    unauthorised: 4009,
    pongNotReceived: 4201,
  },
} as const;

/** POST /broadcasting/auth: what pusher-js sends (form-encoded or JSON) and the answer. */
export const socketIdSchema = clientText.regex(/^\d+\.\d+$/, 'must look like 1234.5678');
export const channelNameSchema = clientText.max(164).regex(/^private-[A-Za-z0-9_\-=@,.;]+$/, 'must be a private channel name');
export const broadcastingAuthBody = z.object({ socket_id: socketIdSchema, channel_name: channelNameSchema });
export const broadcastingAuthAnswer = z.object({ auth: z.string() });
