import type { GenerationHistoryEntry } from '../../../contract/history';

const nouns: Record<GenerationHistoryEntry['type'], [one: string, many: string]> = {
  Events: ['event', 'events'],
  Brands: ['brand', 'brands'],
  Equipments: ['model', 'models'],
};

/** "1 model", "2 models", "3 brands", "0 events": how many items a run added, with the right noun and plural. */
export function generatedCount(entry: Pick<GenerationHistoryEntry, 'type' | 'items_added' | 'equipments_generated'>): string {
  const count = entry.items_added ?? (entry.type === 'Equipments' ? entry.equipments_generated : 0);
  const [one, many] = nouns[entry.type];
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
