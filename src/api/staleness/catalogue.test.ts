import { describe, expect, it } from 'vitest';
import { realtimeEvents } from '../../../contract/realtime';
import { equipmentRow } from '../../test/catalogue-data';
import { applyEffects } from '../cache-effects';
import { keys } from '../keys';
import { applyMutationStaleness, effectsOf } from './index';
import { emptyScreen, testCache } from './test-cache';

const { queryClient, seed, invalid } = testCache();

describe('equipments.update', () => {
  const saved = { ...equipmentRow(3, 11, 1), model: 'saved' };
  const sent = { previousSubcategoryId: 11 };

  it("puts the server's row in place in every cached list holding it, leaving the other data as it is", async () => {
    const pages = { pages: [{ equipments: [equipmentRow(1, 11, 1)] }, { equipments: [equipmentRow(3, 11, 1)] }], pageParams: [0, 1] };
    const page = { equipments: [equipmentRow(2, 11, 1), equipmentRow(3, 11, 1)], total: 2 };
    const brands = [{ id: 1, name: 'Caterpillar', status: null }];
    seed(keys.equipments.list({ subcategory_id: 11 }), pages);
    seed(keys.equipments.list({ brand_id: 1 }), page);
    seed(keys.equipments.brands(11), brands);
    await applyMutationStaleness(queryClient, 'equipments.update', { sent, answer: saved });

    const patched = queryClient.getQueryData<typeof pages>(keys.equipments.list({ subcategory_id: 11 }));
    expect(patched?.pages[1]?.equipments[0]?.model).toBe('saved');
    expect(patched?.pages[0]).toEqual(pages.pages[0]);
    expect(queryClient.getQueryData<typeof page>(keys.equipments.list({ brand_id: 1 }))?.equipments.map((e) => e.model)).toEqual([
      'Model 2',
      'saved',
    ]);
    expect(queryClient.getQueryData(keys.equipments.brands(11))).toEqual(brands);
    // The lists are refetched behind the patched row.
    expect(invalid(keys.equipments.list({ brand_id: 1 }))).toBe(true);
  });

  it('leaves the category tree alone unless the row moved to another subcategory', async () => {
    seed(keys.categories.list(), { categories: [] });
    await applyMutationStaleness(queryClient, 'equipments.update', { sent, answer: saved });
    expect(invalid(keys.categories.list())).toBe(false);
    await applyMutationStaleness(queryClient, 'equipments.update', { sent, answer: { ...saved, subcategory_id: 12 } });
    expect(invalid(keys.categories.list())).toBe(true);
  });
});

describe('statuseschanged', () => {
  it('many brands excluded at once, announced by subcategory, refresh the brand exclusion list too', async () => {
    seed(keys.exclusions.brands(), []);
    const outcome = effectsOf(realtimeEvents.statusesChanged, { subcategory_ids: [11] }, emptyScreen(1));
    if (outcome.kind !== 'effects') throw new Error(outcome.kind);
    await applyEffects(queryClient, outcome.effects);
    expect(invalid(keys.exclusions.brands())).toBe(true);
  });
});
