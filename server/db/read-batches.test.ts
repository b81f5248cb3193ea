import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readBatches } from './read-batches';

describe('reads batched per turn of the event loop', () => {
  it('makes the reads asked in one turn one read, answering each caller its own key, repeated keys too', async () => {
    const reads: (readonly string[])[] = [];
    const loader = readBatches('test', async (keys: readonly string[]) => {
      reads.push(keys);
      return keys.map((key) => key.toUpperCase());
    });
    const answers = await Promise.all([loader.load('a'), loader.load('b'), loader.load('a')]);
    expect(answers).toEqual(['A', 'B', 'A']);
    expect(reads).toEqual([['a', 'b', 'a']]);
  });

  it('starts a new read for a caller of a later turn, so it sees what changed before it asked', async () => {
    let value = 'before';
    let readCount = 0;
    const loader = readBatches('test', async (keys: readonly string[]) => {
      readCount += 1;
      return keys.map(() => value);
    });
    expect(await loader.load('k')).toBe('before');
    value = 'after';
    await nextTurn();
    expect(await loader.load('k')).toBe('after');
    expect(readCount).toBe(2);
  });

  it('hands a failed read to every caller of its turn, and the next turn reads again', async () => {
    let fail = true;
    const loader = readBatches('test', async (keys: readonly string[]) => {
      if (fail) throw new Error('the database is down');
      return keys.map(() => 'ok');
    });
    const failed = await Promise.allSettled([loader.load('a'), loader.load('b')]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await loader.load('a')).toBe('ok');
  });
});
