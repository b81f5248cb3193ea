import type { Subcategory } from '../../../contract/categories';
import { modelTypes, statusNames, type StatusRecord } from '../../../contract/statuses';

/**
 * What a subcategory row of the Equipments screen shows (docs/product.md#equipments-screen). Pure functions, unit-tested.
 */

export interface SubcategoryStatus {
  name: string;
  message: string | null;
}

/**
 * The subcategory's equipment generation status, from the per-brand records of GET /api/equipments/statuses: In
 * Progress while any of its brands is generating, otherwise the most recently updated record; null when no
 * equipment generation ever ran for it ('Not Generated').
 */
export function subcategoryEquipmentStatus(statuses: readonly StatusRecord[] | undefined, subcategoryId: number): SubcategoryStatus | null {
  const own = (statuses ?? []).filter((s) => s.model_type === modelTypes.equipment && s.subcategory_id === subcategoryId);
  if (own.length === 0) return null;
  const running = own.find((s) => s.name === statusNames.inProgress);
  const latest = running ?? own.reduce((a, b) => ((b.updated_at ?? '') > (a.updated_at ?? '') ? b : a));
  return { name: latest.name, message: latest.message };
}

/** Whether equipment exists for the subcategory (docs/product.md#equipments-screen: View Items, View Equipments and the History button). */
export function hasItems(subcategory: Pick<Subcategory, 'equipments_count'>): boolean {
  return subcategory.equipments_count > 0;
}

/**
 * Whether the subcategory has equipment generation history. Every equipment run leaves a status record for its brand,
 * and a finished run leaves items: either one means there are runs to list.
 */
export function hasHistory(subcategory: Pick<Subcategory, 'equipments_count'>, status: SubcategoryStatus | null): boolean {
  return status !== null || hasItems(subcategory);
}

export type SubcategoryAction = 'view-items' | 'history' | 'generate-items' | 'view-brands' | 'change-category';

/** The routes whose Actions dropdown offers Generate Items and View Brands (docs/product.md#equipments-screen). */
export const generationRoutes: readonly string[] = ['/dashboard/equipments', '/dashboard/events'];

/**
 * docs/product.md#equipments-screen: the Actions dropdown offers View Items only with items, History only with history, Generate Items and
 * View Brands only on the equipments and events routes, and Change Category always; in that order.
 */
export function subcategoryActions(input: { hasItems: boolean; hasHistory: boolean; pathname: string }): SubcategoryAction[] {
  const onGenerationRoute = generationRoutes.includes(input.pathname.replace(/\/+$/, '') || '/');
  return [
    ...(input.hasItems ? (['view-items'] as const) : []),
    ...(input.hasHistory ? (['history'] as const) : []),
    ...(onGenerationRoute ? (['generate-items', 'view-brands'] as const) : []),
    'change-category',
  ];
}

export const subcategoryActionLabels: Record<SubcategoryAction, string> = {
  'view-items': 'View Items',
  history: 'History',
  'generate-items': 'Generate Items',
  'view-brands': 'View Brands',
  'change-category': 'Change Category',
};

/** "1 model", "1,234 models" (docs/product.md#glossary). */
export function itemCountLabel(count: number): string {
  return `${new Intl.NumberFormat('en-US').format(count)} ${count === 1 ? 'model' : 'models'}`;
}
