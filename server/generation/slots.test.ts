import { describe, expect, it } from 'vitest';
import { Slots } from './slots';

describe('slots', () => {
  it('never gives more places than it has, and serves those who wait in order', async () => {
    const slots = new Slots(2);
    expect(slots.tryTake()).toBe(true);
    expect(slots.tryTake()).toBe(true);
    expect(slots.tryTake()).toBe(false);
    const served: string[] = [];
    const first = slots.take(new AbortController().signal).then(() => served.push('first'));
    const second = slots.take(new AbortController().signal).then(() => served.push('second'));
    slots.give();
    await first;
    expect(served).toEqual(['first']);
    // Someone waits: a place given back goes to them, not to a newcomer.
    expect(slots.tryTake()).toBe(false);
    slots.give();
    await second;
    expect(served).toEqual(['first', 'second']);
    slots.give();
    slots.give();
    expect(slots.tryTake()).toBe(true);
    expect(slots.tryTake()).toBe(true);
    expect(slots.tryTake()).toBe(false);
  });

  it('drops a waiter whose signal aborts, and the place goes to the next', async () => {
    const slots = new Slots(1);
    expect(slots.tryTake()).toBe(true);
    const gone = new AbortController();
    const abandoned = slots.take(gone.signal);
    const next = slots.take(new AbortController().signal);
    gone.abort(new Error('stopping'));
    await expect(abandoned).rejects.toThrow('stopping');
    slots.give();
    await expect(next).resolves.toBeUndefined();
  });
});
