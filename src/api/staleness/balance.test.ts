import { describe, expect, it } from 'vitest';
import { keys } from '../keys';
import { applyMutationStaleness } from './index';
import { testCache } from './test-cache';

const { queryClient, seed, invalid } = testCache();

describe('tokens.purchase', () => {
  it('a purchase writes the new balance at once, then asks the server for it', async () => {
    seed(keys.userTokens(), { tokens: 10, held_tokens: 4 });
    await applyMutationStaleness(queryClient, 'tokens.purchase', { sent: undefined, answer: { tokens: 1_010 } });
    expect(queryClient.getQueryData(keys.userTokens())).toEqual({ tokens: 1_010, held_tokens: 4 });
    expect(invalid(keys.userTokens())).toBe(true);
  });
});
