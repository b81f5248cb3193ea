import { describe, expect, it } from 'vitest';
import { keys } from '../keys';
import { applyMutationStaleness } from './index';
import { testCache } from './test-cache';

const { queryClient, seed, invalid } = testCache();

describe('the exclusion mutations', () => {
  it('an un-exclusion drops its row at once and refreshes the lists that show exclusions', async () => {
    seed(keys.exclusions.brands(), [{ id: 4 }, { id: 5 }]);
    seed(keys.brands.page(11), { pages: [], pageParams: [] });
    await applyMutationStaleness(queryClient, 'exclusions.unexcludeBrand', { sent: 4, answer: { message: 'ok' } });
    expect(queryClient.getQueryData(keys.exclusions.brands())).toEqual([{ id: 5 }]);
    expect(invalid(keys.brands.page(11))).toBe(true);
  });

  it('an import refreshes the exclusion list of the kind it excluded', async () => {
    const outcome = { excluded: 1, already_excluded: 0, skipped_several: 0, skipped_none: 0, duplicates: 0, message: 'ok', undo: null };
    seed(keys.exclusions.brands(), []);
    seed(keys.exclusions.equipments(), []);
    await applyMutationStaleness(queryClient, 'exclusionImport.apply', { sent: undefined, answer: { ...outcome, kind: 'models' } });
    expect([invalid(keys.exclusions.equipments()), invalid(keys.exclusions.brands())]).toEqual([true, false]);
    await applyMutationStaleness(queryClient, 'exclusionImport.apply', { sent: undefined, answer: { ...outcome, kind: 'brands' } });
    expect(invalid(keys.exclusions.brands())).toBe(true);
  });

  it('an undo refreshes both exclusion lists and every list that shows a brand or model excluded, and nothing else', async () => {
    seed(keys.exclusions.brands(), [{ id: 4 }]);
    seed(keys.exclusions.equipments(), [{ id: 7 }]);
    seed(keys.brands.page(11), { pages: [], pageParams: [] });
    seed(keys.equipments.list({ subcategory_id: 11 }), { pages: [], pageParams: [] });
    seed(keys.events.page(2), { pages: [], pageParams: [] });
    await applyMutationStaleness(queryClient, 'exclusionChanges.undo', { sent: 3, answer: { message: 'Undone', restored: 1, skipped: 0 } });
    for (const key of [
      keys.exclusions.brands(),
      keys.exclusions.equipments(),
      keys.brands.page(11),
      keys.equipments.list({ subcategory_id: 11 }),
    ]) {
      expect(invalid(key), JSON.stringify(key)).toBe(true);
    }
    expect(invalid(keys.events.page(2))).toBe(false);
  });
});
