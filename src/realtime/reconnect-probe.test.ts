import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReconnectProbe } from './reconnect-probe';

/** A server that answers the probe or not (`up`), or holds its answer until `answer()` (`held`). */
function fakeServer() {
  const server = {
    up: false,
    asked: 0,
    reconnects: 0,
    held: undefined as ((answers: boolean) => void) | undefined,
    hold: false,
  };
  const probe = new ReconnectProbe({
    serverAnswers: () => {
      server.asked += 1;
      if (!server.hold) return Promise.resolve(server.up);
      return new Promise<boolean>((resolve) => (server.held = resolve));
    },
    reconnect: () => (server.reconnects += 1),
    intervalMs: 500,
    pauseMs: 2_000,
    maxPauseMs: 8_000,
  });
  return { server, probe };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('reconnect probe', () => {
  it('leaves the first connection to pusher-js', async () => {
    const { server, probe } = fakeServer();
    server.up = true;
    for (const state of ['connecting', 'unavailable', 'connecting'] as const) probe.state(state);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.asked).toBe(0);
    expect(server.reconnects).toBe(0);
  });

  it('asks the server every interval while a live connection is down, and reconnects as soon as it answers', async () => {
    const { server, probe } = fakeServer();
    probe.state('connected');
    probe.state('connecting');
    await vi.advanceTimersByTimeAsync(1_600);
    expect(server.asked).toBe(3);
    probe.state('unavailable');
    await vi.advanceTimersByTimeAsync(300);
    expect(server.asked).toBe(3);
    expect(server.reconnects).toBe(0);

    server.up = true;
    await vi.advanceTimersByTimeAsync(100);
    expect(server.asked).toBe(4);
    expect(server.reconnects).toBe(1);

    probe.state('connecting');
    probe.state('connected');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(server.asked).toBe(4);
    expect(server.reconnects).toBe(1);
  });

  it('waits longer after each forced reconnect that does not connect, and starts over once connected', async () => {
    const { server, probe } = fakeServer();
    server.up = true;
    probe.state('connected');
    probe.state('connecting');
    const reconnectsAt: number[] = [];
    for (let ms = 0; ms <= 30_000; ms += 100) {
      const before = server.reconnects;
      await vi.advanceTimersByTimeAsync(100);
      if (server.reconnects > before) reconnectsAt.push(ms + 100);
    }
    // After the first interval, then pauses of 2, 4, 8 and 8 s.
    expect(reconnectsAt).toEqual([500, 2_500, 6_500, 14_500, 22_500]);

    probe.state('connected');
    probe.state('connecting');
    await vi.advanceTimersByTimeAsync(500);
    expect(server.reconnects).toBe(reconnectsAt.length + 1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.reconnects).toBe(reconnectsAt.length + 2);
  });

  it('ignores an answer that comes after the connection is back, and stops when disconnected or disposed', async () => {
    const { server, probe } = fakeServer();
    server.hold = true;
    probe.state('connected');
    probe.state('connecting');
    await vi.advanceTimersByTimeAsync(500);
    expect(server.asked).toBe(1);
    probe.state('connected');
    server.held!(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.reconnects).toBe(0);
    expect(server.asked).toBe(1);

    server.hold = false;
    probe.state('connecting');
    probe.state('disconnected');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.asked).toBe(1);

    probe.state('connecting');
    probe.dispose();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.asked).toBe(1);
  });
});
