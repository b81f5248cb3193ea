import { queryOptions, useQuery } from '@tanstack/react-query';
import { statusesApi, statusNames, type EquipmentStatusesScope, type StatusesAnswer, type StatusRecord } from '../../contract/statuses';
import { call } from './http';
import { keys } from './keys';

/**
 * GET /api/statuses?per_brand=false: the current category and subcategory generation statuses, and how many
 * statuses of any kind are In Progress (the realtime `changeanystatus` invalidates it). The per-brand ones come
 * scoped from GET /api/equipments/statuses.
 */
export function getStatuses(): Promise<StatusesAnswer> {
  return call(statusesApi.list, { query: { per_brand: 'false' } });
}

/** SPEC 8: a failed statuses fetch is only logged (query-client) and the list stays empty or unchanged. */
export const statusesQueryOptions = () => queryOptions({ queryKey: keys.statuses.list(), queryFn: getStatuses });

/** The category and subcategory statuses. */
export function useStatuses() {
  return useQuery({ ...statusesQueryOptions(), select: (answer) => answer.statuses });
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
