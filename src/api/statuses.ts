import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  statusesApi,
  statusNames,
  type EquipmentStatusesScope,
  type StatusesAnswer,
  type StatusRecord,
  type StatusRecordsScope,
} from '../../contract/statuses';
import { call } from './http';
import { keys } from './keys';

/**
 * GET /api/statuses?per_brand=false&records=false: how many statuses of any kind are In Progress (the generating
 * flag of docs/product.md#statuses; `changeanystatus` carries the new count). The status names the screens show come with the
 * category tree; the per-brand ones scoped from GET /api/equipments/statuses.
 */
export function getStatuses(): Promise<StatusesAnswer> {
  return call(statusesApi.list, { query: { per_brand: 'false', records: 'false' } });
}

/** docs/product.md#messages-and-errors: a failed statuses fetch is only logged (query-client) and the list stays empty or unchanged. */
export const statusesQueryOptions = () => queryOptions({ queryKey: keys.statuses.list(), queryFn: getStatuses });

/**
 * GET /api/statuses?per_brand=false&category_id=|subcategory_id=: a category's event statuses or a subcategory's brand
 * statuses, for the screen that shows one with its message (the empty events and brands screens); every record of the
 * tree is 208 kB at catalogue scale.
 */
export function getStatusRecords(scope: StatusRecordsScope): Promise<StatusesAnswer> {
  return call(statusesApi.list, { query: { per_brand: 'false', ...scope } });
}

/** The status records of a category (its events') or a subcategory (its brands'). */
export function useStatuses(scope: StatusRecordsScope) {
  return useQuery({ queryKey: keys.statuses.records(scope), queryFn: () => getStatusRecords(scope), select: (answer) => answer.statuses });
}

/** The generating flag of docs/product.md#statuses: how many generations are In Progress anywhere (0 when unknown). */
export function useGeneratingCount(): number {
  return useQuery({ ...statusesQueryOptions(), select: (answer) => answer.in_progress ?? 0 }).data ?? 0;
}

export function isInProgress(name: string | null | undefined): boolean {
  return name === statusNames.inProgress;
}

/**
 * GET /api/equipments/statuses?subcategory_id=|category_id=: the per-brand equipment generation statuses of what a
 * screen shows (the scope is an extension; realtime `statuseschanged` invalidates every scope).
 */
export async function getEquipmentStatuses(scope: EquipmentStatusesScope): Promise<StatusRecord[]> {
  return (await call(statusesApi.equipments, { query: scope })).statuses;
}

export const equipmentStatusesQueryOptions = (scope: EquipmentStatusesScope) =>
  queryOptions({ queryKey: keys.statuses.equipments(scope), queryFn: () => getEquipmentStatuses(scope) });

/** Disabled while the scope is null (nothing selected). */
export function useEquipmentStatuses(scope: EquipmentStatusesScope | null) {
  return useQuery({ ...equipmentStatusesQueryOptions(scope ?? {}), enabled: scope !== null });
}
