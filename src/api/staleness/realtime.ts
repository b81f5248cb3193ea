import { nothing, type MutationEntries } from './entry';

/** The realtime server's endpoints: calls the SPA's hooks never make, so nothing to mark stale. */
export const realtimeMutations = {
  'broadcasting.auth': nothing, // pusher-js's own call
  'pusher.events': nothing, // publishers' calls (the server side)
  'pusher.batchEvents': nothing,
} satisfies MutationEntries;
