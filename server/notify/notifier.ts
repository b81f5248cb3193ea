import type { Run, runChangedPayload } from '../../contract/runs';
import type { StatusRecord } from '../../contract/statuses';
import {
  channels,
  realtimeEvents,
  type changeAnyStatusPayload,
  type changeTokensPayload,
  type statusesChangedPayload,
  type updateBrandPayload,
  type updateCategoryPayload,
  type updateEventsPayload,
  type updateSubcategoryPayload,
} from '../../contract/realtime';
import type { z } from 'zod';
import type { Broadcaster } from '../realtime/types';

/**
 * What the catalogue services tell the screens after a change has committed (ARCHITECTURE.md "Real-time
 * contract"). Call these only after the transaction: an event must never announce a change that was rolled back.
 *
 * The notifier is the app's real-time broadcaster (`app.notifier`, server/notify/plugin.ts), or undefined in a unit
 * test that needs none; then nothing is sent. Publishing never fails the request: the broadcaster logs its own
 * delivery errors, and the request does not wait for the delivery.
 */
export type Notifier = Broadcaster | undefined;

function send(broadcaster: Notifier, channel: string, event: string, payload: unknown): void {
  if (!broadcaster) return;
  broadcaster.publish(channel, event, payload).catch(() => undefined);
}

/** A category was renamed. */
export function categoryUpdated(broadcaster: Notifier, categoryId: number): void {
  const payload: z.infer<typeof updateCategoryPayload> = { category_id: categoryId };
  send(broadcaster, channels.category, realtimeEvents.updateCategory, payload);
}

/** A subcategory was renamed or moved to another category. */
export function subcategoryUpdated(broadcaster: Notifier, subcategoryId: number): void {
  const payload: z.infer<typeof updateSubcategoryPayload> = { subcategory_id: subcategoryId };
  send(broadcaster, channels.subcategory, realtimeEvents.updateSubcategory, payload);
}

/** A brand was excluded or un-excluded, or gained models. */
export function brandUpdated(broadcaster: Notifier, brandId: number): void {
  const payload: z.infer<typeof updateBrandPayload> = { brand_id: brandId };
  send(broadcaster, channels.brand, realtimeEvents.updateBrand, payload);
}

/** Equipment (or the brands) of these subcategories was generated, edited, excluded or un-excluded. */
export function equipmentsChanged(broadcaster: Notifier, subcategoryIds: Iterable<number>): void {
  const unique = [...new Set(subcategoryIds)].sort((a, b) => a - b);
  if (unique.length === 0) return;
  const payload: z.infer<typeof statusesChangedPayload> = { subcategory_ids: unique };
  send(broadcaster, channels.equipments, realtimeEvents.statusesChanged, payload);
}

/**
 * A generation status was set (a run was queued, started or finished). `inProgress`: how many statuses are In
 * Progress now (GET /api/statuses's count), so screens patch their cached answers instead of refetching them.
 */
export function statusChanged(broadcaster: Notifier, status: StatusRecord, inProgress: number): void {
  const payload: z.infer<typeof changeAnyStatusPayload> = { status, in_progress: inProgress };
  send(broadcaster, channels.statuses, realtimeEvents.changeAnyStatus, payload);
}

/** A category gained events. */
export function eventsUpdated(broadcaster: Notifier, categoryId: number): void {
  const payload: z.infer<typeof updateEventsPayload> = { category_id: categoryId };
  send(broadcaster, channels.events, realtimeEvents.updateEvents, payload);
}

/** An operator's balance or what it holds changed (a purchase, a run started or ended): their screens show it. */
export function balanceChanged(broadcaster: Notifier, userId: number, balance: { tokens: number; held: number }): void {
  const payload: z.infer<typeof changeTokensPayload> = { user: { id: userId, tokens: balance.tokens, held_tokens: balance.held } };
  send(broadcaster, channels.user(userId), realtimeEvents.changeTokens, payload);
}

/** One of an operator's runs was queued, started, finished or cancelled: their runs centre shows it as it is now. */
export function runChanged(broadcaster: Notifier, userId: number, run: Run): void {
  const payload: z.infer<typeof runChangedPayload> = { run };
  send(broadcaster, channels.user(userId), realtimeEvents.runChanged, payload);
}
