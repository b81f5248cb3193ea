import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyEffects, type CacheEffect } from './cache-effects';

const listKey = ['things', 'page', { status: 'cancelled' }] as const;

async function staleList() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(listKey, { rows: [{ id: 1 }] });
  await queryClient.invalidateQueries({ queryKey: listKey, refetchType: 'none' });
  expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  return queryClient;
}

describe('applyEffects: a patch that changes nothing writes nothing', () => {
  it.each(['patch', 'patchAll'] as const)('a %s answering the old value keeps the answer marked stale', async (kind) => {
    const queryClient = await staleList();
    const untouched: CacheEffect = { kind, queryKey: kind === 'patch' ? listKey : ['things'], update: (old) => old };
    await applyEffects(queryClient, [untouched]);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('a patch that changes the answer writes it', async () => {
    const queryClient = await staleList();
    await applyEffects(queryClient, [{ kind: 'patchAll', queryKey: ['things'], update: () => ({ rows: [{ id: 2 }] }) }]);
    expect(queryClient.getQueryData(listKey)).toEqual({ rows: [{ id: 2 }] });
  });
});
