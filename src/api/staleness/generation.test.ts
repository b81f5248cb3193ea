import { describe, expect, it } from 'vitest';
import { keys } from '../keys';
import { applyMutationStaleness, mutationStaleness } from './index';
import { testCache } from './test-cache';

const { queryClient, seed, invalid } = testCache();

describe('the generate calls', () => {
  it('a generate marks its target stale even when it failed (the status may have changed)', async () => {
    seed(keys.events.page(2), { pages: [], pageParams: [] });
    seed(keys.events.page(3), { pages: [], pageParams: [] });
    await applyMutationStaleness(queryClient, 'events.generate', { sent: 2, answer: undefined });
    expect(invalid(keys.events.page(2))).toBe(true);
    expect(invalid(keys.events.page(3))).toBe(false);
    expect(mutationStaleness['events.generate'].when).toBe('settled');
  });
});
