import { describe, expect, it } from 'vitest';
import { historySourceOf } from './history-source';

describe("the header's History source", () => {
  it('asks for the event runs of the category on the Events type', () => {
    expect(historySourceOf({ type: 'Events', category: { id: 3, name: 'Medical' } })).toEqual({
      kind: 'generation',
      params: { type: 'Events', category_id: 3 },
    });
  });

  it('asks for the runs of the subcategory (and its category) on the Equipments type', () => {
    expect(historySourceOf({ type: 'Equipments', category: { id: 3, name: 'Medical' }, subcategory: { id: 8, name: 'Imaging' } })).toEqual({
      kind: 'generation',
      params: { type: 'Equipments', subcategory_id: 8, category_id: 3 },
    });
  });
});
