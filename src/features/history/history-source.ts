import type { HistorySource } from '../../api/history';

/** What the header's History acts on (structurally the header's `HeaderTarget`). */
export type HistoryTarget =
  | { type: 'Events'; category: { id: number; name: string } }
  | { type: 'Equipments'; category: { id: number; name: string }; subcategory: { id: number; name: string } };

/**
 * The header's History (docs/product.md#history-dialog): Events -> GET /api/history?type=Events&category_id=, the category's event runs;
 * Equipments -> GET /api/history?type=Equipments&subcategory_id=&category_id=, the subcategory's brand and equipment
 * runs.
 */
export function historySourceOf(target: HistoryTarget): HistorySource {
  if (target.type === 'Events') return { kind: 'generation', params: { type: 'Events', category_id: target.category.id } };
  return {
    kind: 'generation',
    params: { type: 'Equipments', subcategory_id: target.subcategory.id, category_id: target.category.id },
  };
}
