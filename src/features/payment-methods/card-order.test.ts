import { describe, expect, it } from 'vitest';
import { defaultFirst } from './card-order';

const card = (id: string) => ({ id, card: { last4: id.slice(-4), exp_month: 1, exp_year: 2030 } });

describe('defaultFirst', () => {
  it('puts the default card first and keeps the order of the others', () => {
    const list = [card('pm_1111'), card('pm_2222'), card('pm_3333')];
    expect(defaultFirst(list, 'pm_2222').map((m) => m.id)).toEqual(['pm_2222', 'pm_1111', 'pm_3333']);
  });

  it('keeps the order when there is no default or it is not in the list', () => {
    const list = [card('pm_1111'), card('pm_2222')];
    expect(defaultFirst(list, null).map((m) => m.id)).toEqual(['pm_1111', 'pm_2222']);
    expect(defaultFirst(list, 'pm_9999').map((m) => m.id)).toEqual(['pm_1111', 'pm_2222']);
  });
});
