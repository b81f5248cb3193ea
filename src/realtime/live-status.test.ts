import { describe, expect, it } from 'vitest';
import {
  initialLiveStatus,
  liveIndicatorText,
  liveTexts,
  nextLiveStatus,
  nextNetworkStatus,
  type ConnectionState,
  type LiveStatus,
} from './live-status';

/** `online`/`offline` are the browser's network events; the rest pusher-js states. */
type Step = ConnectionState | 'online' | 'offline';

/** Replays steps from the start; answers the final status and the steps after which a resync was due. */
function replay(steps: Step[]): { status: LiveStatus; resyncs: number[] } {
  let status = initialLiveStatus;
  const resyncs: number[] = [];
  steps.forEach((step, i) => {
    const next = step === 'online' || step === 'offline' ? nextNetworkStatus(status, step === 'online') : nextLiveStatus(status, step);
    status = next.status;
    if (next.resync) resyncs.push(i);
  });
  return { status, resyncs };
}
const text = (steps: Step[]) => liveIndicatorText(replay(steps).status);

describe('live status', () => {
  it('is quiet while the first connection is made, and when connected', () => {
    expect(text(['connecting'])).toBeNull();
    const { status, resyncs } = replay(['connecting', 'connected']);
    expect(liveIndicatorText(status)).toBeNull();
    expect(status.everConnected).toBe(true);
    expect(resyncs).toEqual([]);
  });

  it('shows the indicator as soon as a live connection drops, and resyncs when it is back', () => {
    expect(text(['connecting', 'connected', 'connecting'])).toBe(liveTexts.reconnecting);
    const back = replay(['connecting', 'connected', 'connecting', 'unavailable', 'connecting', 'connected']);
    expect(liveIndicatorText(back.status)).toBeNull();
    expect(back.resyncs).toEqual([5]);
  });

  it('shows the indicator when the first connection cannot be made in time, and resyncs once connected', () => {
    expect(text(['connecting', 'unavailable', 'connecting'])).toBe(liveTexts.reconnecting);
    expect(replay(['connecting', 'unavailable', 'connecting', 'connected']).resyncs).toEqual([3]);
  });

  it('shows the indicator as soon as the browser is offline, before pusher-js notices', () => {
    expect(text(['connecting', 'connected', 'offline'])).toBe(liveTexts.reconnecting);
    // The socket survived the outage: resync when the network is back.
    const survived = replay(['connecting', 'connected', 'offline', 'online']);
    expect(liveIndicatorText(survived.status)).toBeNull();
    expect(survived.resyncs).toEqual([3]);
    // The socket did not: the resync waits for the new connection, and a connection while offline waits for the network.
    expect(replay(['connecting', 'connected', 'offline', 'connecting', 'online', 'connected']).resyncs).toEqual([5]);
    const early = replay(['connecting', 'connected', 'offline', 'connecting', 'connected']);
    expect(early.resyncs).toEqual([]);
    expect(liveIndicatorText(early.status)).toBe(liveTexts.reconnecting);
    expect(replay(['connecting', 'connected', 'offline', 'connecting', 'connected', 'online']).resyncs).toEqual([5]);
  });

  it('says so when pusher-js gives up or is refused', () => {
    expect(text(['failed'])).toBe(liveTexts.stopped);
    expect(text(['connecting', 'connected', 'disconnected'])).toBe(liveTexts.stopped);
  });

  it('does not resync on a repeated connected state or an online event without an outage', () => {
    expect(replay(['connecting', 'connected', 'connected', 'online']).resyncs).toEqual([]);
  });
});
