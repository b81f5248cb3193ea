import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ChildProcess } from 'node:child_process';
import PusherServer from 'pusher';
import PusherClient from 'pusher-js';
import { channels, realtimeEvents } from '../../contract/realtime';
import { loadConfig } from '../../server/config';
import { seedScale } from '../../server/seed/scale';
import { freshDatabase, postgresReachable } from '../../server/test/databases';
import { redisReachable, testRedisUrl } from '../../server/test/targets';
import {
  measureMixed,
  measurePaced,
  pacedRatePerSecond,
  postgresLoadTargetMet,
  screenCallsAt,
  signIn,
  startChildServer,
  stopChild,
  untilSeededRunsFinish,
} from './api';
import { percentile } from './percentile';
import { isMainModule, printFigures } from './run-alone';

/**
 * Two API processes behind one Redis (docs/figures.md), over one PostgreSQL database at catalogue scale
 * (`seedScale`), once the runs the seed left In Progress have finished: 50 clients going round the screens' calls,
 * spread evenly over both processes for 60 s (BENCH_API_MIXED_SECONDS), as fast as they are answered and then paced
 * to 2,100 requests a second in all; and the delivery of live events across them: a client subscribed on the second
 * process, events triggered through the first process's Pusher HTTP API, the time from the trigger's send to the
 * client's receipt (100 events after 10 to warm up). Needs PostgreSQL and Redis at 127.0.0.1 (as the tests do).
 * Run alone: `npx tsx e2e/bench/two-processes.ts`.
 */
const redisUrl = testRedisUrl;
const clients = 50;
const warmupEvents = 10;
const measuredEvents = 100;

/** Milliseconds from a trigger sent to process `from` until a client of process `to` has it, `count` times. */
async function deliveryAcross(from: number, to: number, token: string, pusherSecret: string, count: number): Promise<number[]> {
  const { realtime } = loadConfig({});
  const client = new PusherClient(realtime.key, {
    cluster: realtime.cluster,
    wsHost: '127.0.0.1',
    wsPort: to,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      transport: 'ajax',
      endpoint: `http://127.0.0.1:${to}/broadcasting/auth`,
      headers: { Authorization: `Bearer ${token}` },
    },
  });
  const sdk = new PusherServer({
    appId: realtime.appId,
    key: realtime.key,
    secret: pusherSecret,
    host: '127.0.0.1',
    port: String(from),
    useTLS: false,
  });
  try {
    const channel = client.subscribe(channels.statuses);
    await new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', (error: unknown) => reject(new Error(`subscription refused: ${JSON.stringify(error)}`)));
    });
    const times: number[] = [];
    for (let n = 0; n < count; n += 1) {
      const received = new Promise<number>((resolve) => {
        const handler = (data: { n?: number }) => {
          if (data.n !== n) return;
          channel.unbind(realtimeEvents.changeAnyStatus, handler);
          resolve(performance.now());
        };
        channel.bind(realtimeEvents.changeAnyStatus, handler);
      });
      const sentAt = performance.now();
      await sdk.trigger(channels.statuses, realtimeEvents.changeAnyStatus, { n });
      times.push((await received) - sentAt);
    }
    return times;
  } finally {
    client.disconnect();
  }
}

export async function benchTwoProcesses(): Promise<Record<string, unknown>> {
  if (!(await postgresReachable()) || !(await redisReachable())) return { skipped: 'PostgreSQL or Redis is not reachable at 127.0.0.1' };
  const seconds = Number(process.env.BENCH_API_MIXED_SECONDS ?? 60);
  const database = await freshDatabase('postgres');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'catalogue-bench-two-'));
  const sharing = { redisUrl, pusherSecret: randomBytes(16).toString('hex') };
  const children: ChildProcess[] = [];
  try {
    const seeded = await seedScale(database.db, {
      operator: { email: 'bench@example.com', password: 'bench-password-1', tokens: 2_500_000 },
    });
    const started = await Promise.all([0, 1].map(() => startChildServer(dataDir, false, database.url, sharing)));
    children.push(...started.map((s) => s.child));
    const [first, second] = started.map((s) => `http://127.0.0.1:${s.port}`) as [string, string];
    const token = await signIn(first);
    const calls = await screenCallsAt(first, token, seeded);
    const seededRunsWaitS = await untilSeededRunsFinish(first, token);
    const [onFirst, onSecond] = await Promise.all([first, second].map((url) => measureMixed(url, token, calls, clients / 2, seconds)));
    const [pacedFirst, pacedSecond] = await Promise.all(
      [first, second].map((url) => measurePaced(url, token, calls, clients / 2, pacedRatePerSecond / 2, seconds)),
    );
    const delivery = await deliveryAcross(started[0]!.port, started[1]!.port, token, sharing.pusherSecret, warmupEvents + measuredEvents);
    const measured = delivery.slice(warmupEvents).sort((a, b) => a - b);
    const p99 = Math.max(onFirst!.p99_ms, onSecond!.p99_ms);
    const perSecond = onFirst!.requests_per_s + onSecond!.requests_per_s;
    return {
      engine: 'postgres',
      processes: 2,
      screen_calls: {
        clients,
        seconds,
        seeded_runs_wait_s: seededRunsWaitS,
        requests_per_s: perSecond,
        p99_ms_worst_process: p99,
        first: onFirst,
        second: onSecond,
      },
      screen_calls_paced: {
        clients,
        seconds,
        paced_per_s: pacedRatePerSecond,
        requests_per_s: pacedFirst!.requests_per_s + pacedSecond!.requests_per_s,
        p99_ms_worst_process: Math.max(pacedFirst!.p99_ms, pacedSecond!.p99_ms),
        first: pacedFirst,
        second: pacedSecond,
        target_met: postgresLoadTargetMet(pacedFirst!, pacedSecond!),
      },
      event_delivery_across_processes_ms: {
        events: measured.length,
        p50: Math.round(percentile(measured, 50) * 10) / 10,
        p99: Math.round(percentile(measured, 99) * 10) / 10,
      },
      target_met: postgresLoadTargetMet(onFirst!, onSecond!),
    };
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) printFigures(benchTwoProcesses);
