import { z } from 'zod';
import { endpoint } from './endpoint';
import { generationHistoryEntry } from './history';

/**
 * The dashboard home's overview (extension: GET /api/overview): the operator's balance, how many categories
 * (by their events status) and subcategories (by their brands status) stand in each status ('Not Generated' when
 * none ran), and the 10 latest runs with their token cost.
 */
export const overviewAnswer = z.object({
  tokens: z.number().int(),
  categories_by_status: z.record(z.string(), z.number().int()),
  subcategories_by_status: z.record(z.string(), z.number().int()),
  latest_runs: z.array(generationHistoryEntry),
});
export type OverviewAnswer = z.infer<typeof overviewAnswer>;

export const overviewApi = {
  show: endpoint({
    name: 'overview.show',
    method: 'GET',
    path: '/api/overview',
    summary: "The dashboard home: the operator's balance, statuses counted, the latest runs.",
    answer: overviewAnswer,
  }),
} as const;
