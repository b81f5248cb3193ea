import { statusNames } from './status-names';

/** What the runs centre filters on (its URL's `status` and `type`); without zod, for the routes' search schemas. */

export const runTypes = ['Events', 'Brands', 'Equipments'] as const;
export type RunType = (typeof runTypes)[number];

/** `active`: queued or in progress; `finished`: ended, however; `failed`: Failed or Insufficient tokens; or one status. */
export const runStatusFilters = ['active', 'finished', 'failed', ...Object.values(statusNames)] as const;
export type RunStatusFilter = (typeof runStatusFilters)[number];
