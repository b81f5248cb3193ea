import { describe, expect, it } from 'vitest';
import { generatedCount } from './generated-count';

describe('generatedCount', () => {
  it('says what a run added, in the noun of its kind and the right plural', () => {
    expect(generatedCount({ type: 'Equipments', items_added: 1, equipments_generated: 1 })).toBe('1 model');
    expect(generatedCount({ type: 'Equipments', items_added: 2, equipments_generated: 2 })).toBe('2 models');
    expect(generatedCount({ type: 'Brands', items_added: 3, equipments_generated: 0 })).toBe('3 brands');
    expect(generatedCount({ type: 'Brands', items_added: 1, equipments_generated: 0 })).toBe('1 brand');
    expect(generatedCount({ type: 'Events', items_added: 0, equipments_generated: 0 })).toBe('0 events');
    expect(generatedCount({ type: 'Equipments', items_added: 1200, equipments_generated: 1200 })).toBe('1,200 models');
  });

  it('reads equipments_generated for a model run of a server that does not send items_added', () => {
    expect(generatedCount({ type: 'Equipments', equipments_generated: 1 })).toBe('1 model');
    expect(generatedCount({ type: 'Brands', equipments_generated: 0 })).toBe('0 brands');
  });
});
