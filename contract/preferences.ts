import { z } from 'zod';
import { endpoint } from './endpoint';

/** The operator's own settings, kept on the server (docs/decisions/0008-money-and-runs-in-sight.md): the same in every browser they sign in to. */
export const preferences = z.object({
  /** A run whose most possible cost is under this starts without the cost confirmation (0: always ask). */
  confirm_runs_from: z.number().int().min(0).max(1_000_000_000),
});
export type Preferences = z.infer<typeof preferences>;

export const preferencesApi = {
  show: endpoint({
    name: 'preferences.show',
    method: 'GET',
    path: '/api/preferences',
    summary: "The operator's preferences.",
    answer: preferences,
  }),
  update: endpoint({
    name: 'preferences.update',
    method: 'POST',
    path: '/api/preferences',
    summary: "Changes the operator's preferences; answers them as stored.",
    body: preferences,
    answer: preferences,
  }),
} as const;
