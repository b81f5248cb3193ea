import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResyncGate } from './resync-gate';

describe('resync gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resyncs once, when every channel is subscribed again', () => {
    const resync = vi.fn();
    const gate = new ResyncGate(['a', 'b'], resync);
    gate.settled('a'); // before a reconnect: nothing
    gate.arm();
    gate.settled('a');
    gate.settled('a');
    expect(resync).not.toHaveBeenCalled();
    gate.settled('b');
    expect(resync).toHaveBeenCalledTimes(1);
    gate.settled('b');
    vi.advanceTimersByTime(10_000);
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('resyncs after the timeout when a channel never answers, and not after dispose', () => {
    const resync = vi.fn();
    const gate = new ResyncGate(['a', 'b'], resync, 1_000);
    gate.arm();
    gate.settled('a');
    vi.advanceTimersByTime(999);
    expect(resync).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(resync).toHaveBeenCalledTimes(1);

    gate.arm();
    gate.dispose();
    vi.advanceTimersByTime(5_000);
    gate.settled('a');
    gate.settled('b');
    expect(resync).toHaveBeenCalledTimes(1);
  });
});
