import { queryOptions, useQuery } from '@tanstack/react-query';
import { statusesApi, statusNames, type EquipmentStatusesScope, type StatusesAnswer, type StatusRecord } from '../../contract/statuses';
import { call } from './http';
import { keys } from './keys';

/**
 * GET /api/statuses?per_brand=false&records=false: how many statuses of any kind are In Progress (SPEC 4's
 * generating flag; `changeanystatus` carries the new count). The status names the screens show come with the
 * category tree; the per-brand ones scoped from GET /api/equipments/statuses.
 */
export function getStatuses(): Promise<StatusesAnswer> {
  return call(statusesApi.list, { query: { per_brand: 'false', records: 'false' } });
}

/** SPEC 8: a failed statuses fetch is only logged (query-client) and the list stays empty or unchanged. */
export const statusesQueryOptions = () => queryOptions({ queryKey: keys.statuses.list(), queryFn: getStatuses });

/**
 * GET /api/statuses?per_brand=false: the category and subcategory status records, for a screen that shows one with
 * its message (the empty events and brands screens); 208 kB at catalogue scale, so asked only there.
 */
export function getStatusRecords(): Promise<StatusesAnswer> {
  return call(statusesApi.list, { query: { per_brand: 'false' } });
}

/** The category and subcategory status records. */
export function useStatuses() {
  return useQuery({ queryKey: keys.statuses.records(), queryFn: getStatusRecords, select: (answer) => answer.statuses });
}

/** SPEC 4's generating flag: how many generations are In Progress anywhere (0 when unknown). */
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
