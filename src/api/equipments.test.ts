import { describe, expect, it } from 'vitest';
import { equipmentRow } from '../test/catalogue-data';
import { equipmentsPageSize, nextEquipmentsPage } from './equipments';

const item = (id: number) => equipmentRow(id, 1, 1);

describe('nextEquipmentsPage', () => {
  const full = () => ({ equipments: Array.from({ length: equipmentsPageSize }, (_, i) => item(i)) });

  it('asks from the start first', () => {
    expect(nextEquipmentsPage([])).toEqual({ offset: 0 });
  });

  it("follows the server's cursor, and stops where it has none", () => {
    expect(nextEquipmentsPage([{ ...full(), total: 999, next_cursor: '["Volvo","EC220",42]' }])).toEqual({ after: '["Volvo","EC220",42]' });
    expect(nextEquipmentsPage([{ ...full(), total: 999, next_cursor: null }])).toBeUndefined();
  });

  it('without cursors, follows the total when the server gives one', () => {
    expect(nextEquipmentsPage([{ ...full(), total: equipmentsPageSize + 1 }])).toEqual({ offset: equipmentsPageSize });
    expect(nextEquipmentsPage([{ ...full(), total: equipmentsPageSize }])).toBeUndefined();
  });

  it('otherwise stops after a short page', () => {
    expect(nextEquipmentsPage([full()])).toEqual({ offset: equipmentsPageSize });
    expect(nextEquipmentsPage([full(), { equipments: [item(1)] }])).toBeUndefined();
  });
});
