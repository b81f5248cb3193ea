import { performance } from 'node:perf_hooks';
import { isMainModule, printFigures } from './run-alone';
import { percentile } from './percentile';
import WebSocket from 'ws';
import { channels, realtimeEvents } from '../../contract/realtime';
import { channelAuth } from '../../server/realtime/signature';
import { testRealtimeConfig } from '../../server/realtime/test-support/app';
import { type ChildServer, spawnServer } from '../../server/realtime/test-support/spawn';

/**
 * Real-time bench (docs/figures.md). In one run, against the embedded Pusher-protocol server (one process, the
 * realtime plugin in a minimal Fastify) and against a bare `ws` server broadcasting the same frames (the floor):
 * - 1,000 subscribed connections (raw `ws` clients doing the protocol handshake and a signed subscribe);
 * - publish-to-delivery p50/p99 over all of them, across 50 publishes (after 10 warm-up publishes): the clock
 *   starts when the bench asks the server process to publish (over IPC, the same path for both servers) and
 *   stops when each client has the event;
 * - memory per idle connection in the server process (RSS and JS heap+external growth after a GC, / 1,000).
 * Targets: p99 within 2x the floor; at most 20 KB per idle connection.
 * Run alone: `npx tsx e2e/bench/realtime.ts` (prints JSON).
 */

const connectionCount = 1000;
const warmupPublishes = 10;
const measuredPublishes = 50;
const openConcurrency = 100;
const channel = channels.statuses;
const { key, secret } = testRealtimeConfig;

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

interface Run {
  latencies: number[];
  bytesPerConnectionRss: number;
  bytesPerConnectionHeap: number;
}

class Delivery {
  private seq = -1;
  private startedAt = 0;
  private remaining = 0;
  private done: (() => void) | undefined;
  readonly latencies: number[] = [];
  recording = false;

  expect(seq: number, count: number): Promise<void> {
    this.seq = seq;
    this.remaining = count;
    this.startedAt = performance.now();
    return new Promise((resolve) => (this.done = resolve));
  }

  received(seq: number, at: number): void {
    if (seq !== this.seq) return;
    if (this.recording) this.latencies.push(at - this.startedAt);
    this.remaining -= 1;
    if (this.remaining === 0) this.done?.();
  }
}

function openClient(port: number, delivery: Delivery): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.6.0`, {
      perMessageDeflate: false,
    });
    const timer = setTimeout(() => reject(new Error('a bench client did not subscribe within 10 s')), 10_000);
    socket.on('error', reject);
    socket.on('message', (raw) => {
      const at = performance.now();
      const frame = JSON.parse(raw.toString()) as { event: string; data: string };
      if (frame.event === realtimeEvents.changeAnyStatus) {
        delivery.received((JSON.parse(frame.data) as { seq: number }).seq, at);
      } else if (frame.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(frame.data) as { socket_id: string }).socket_id;
        const auth = channelAuth(key, secret, socketId, channel);
        socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        clearTimeout(timer);
        resolve(socket);
      } else if (frame.event === 'pusher:subscription_error' || frame.event === 'pusher:error') {
        clearTimeout(timer);
        reject(new Error(`a bench client was refused: ${String(raw)}`));
      }
    });
  });
}

async function openClients(port: number, count: number, delivery: Delivery): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < count; start += openConcurrency) {
    const batch = Math.min(openConcurrency, count - start);
    sockets.push(...(await Promise.all(Array.from({ length: batch }, () => openClient(port, delivery)))));
  }
  return sockets;
}

async function closeClients(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.terminate();
        }),
    ),
  );
}

const memory = async (server: ChildServer): Promise<Memory> => (await server.ask<{ usage: Memory }>({ type: 'memory' }, 'memory')).usage;

async function measure(server: ChildServer): Promise<Run> {
  const delivery = new Delivery();
  // Warm the server's code paths (first upgrade, crypto, JSON) so that the baseline holds them.
  await closeClients(await openClients(server.port, 20, delivery));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = await memory(server);

  const sockets = await openClients(server.port, connectionCount, delivery);
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await memory(server);

    for (let seq = 0; seq < warmupPublishes + measuredPublishes; seq += 1) {
      delivery.recording = seq >= warmupPublishes;
      const delivered = delivery.expect(seq, connectionCount);
      const payload = { status: { id: seq, name: 'In stock' }, seq };
      await server.ask({ type: 'publish', id: seq, channel, event: realtimeEvents.changeAnyStatus, payload }, 'published');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        delivered,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`publish ${seq} not delivered to all within 10 s`)), 10_000);
        }),
      ]).finally(() => clearTimeout(timer));
    }
    return {
      latencies: delivery.latencies,
      bytesPerConnectionRss: (after.rss - before.rss) / connectionCount,
      bytesPerConnectionHeap: (after.heapUsed + after.external - before.heapUsed - before.external) / connectionCount,
    };
  } finally {
    await closeClients(sockets);
  }
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

export async function benchRealtime(): Promise<Record<string, number | string>> {
  const startedAt = performance.now();
  const nodeArgs = ['--expose-gc'];
  const [embeddedServer, floorServer] = await Promise.all([
    spawnServer('standalone', { REALTIME_MAX_CONNECTIONS_PER_ADDRESS: String(connectionCount + 100) }, { nodeArgs }),
    spawnServer('bareWs', {}, { nodeArgs }),
  ]);
  try {
    const floor = await measure(floorServer);
    const embedded = await measure(embeddedServer);
    const embeddedSorted = [...embedded.latencies].sort((a, b) => a - b);
    const floorSorted = [...floor.latencies].sort((a, b) => a - b);
    const p99 = percentile(embeddedSorted, 99);
    const floorP99 = percentile(floorSorted, 99);
    const kbPerConnection = Math.max(embedded.bytesPerConnectionRss, embedded.bytesPerConnectionHeap) / 1024;
    return {
      connections: connectionCount,
      publishes: measuredPublishes,
      deliveries_measured: embedded.latencies.length,
      embedded_p50_ms: round(percentile(embeddedSorted, 50)),
      embedded_p99_ms: round(p99),
      floor_p50_ms: round(percentile(floorSorted, 50)),
      floor_p99_ms: round(floorP99),
      p99_vs_floor: round(p99 / floorP99),
      embedded_kb_per_idle_connection_rss: round(embedded.bytesPerConnectionRss / 1024),
      embedded_kb_per_idle_connection_heap: round(embedded.bytesPerConnectionHeap / 1024),
      floor_kb_per_idle_connection_rss: round(floor.bytesPerConnectionRss / 1024),
      floor_kb_per_idle_connection_heap: round(floor.bytesPerConnectionHeap / 1024),
      target_p99_within_2x_floor: p99 <= 2 * floorP99 ? 'met' : 'missed',
      target_20kb_per_idle_connection: kbPerConnection <= 20 ? 'met' : 'missed',
      duration_s: round((performance.now() - startedAt) / 1000, 1),
    };
  } finally {
    await Promise.all([embeddedServer.stop(), floorServer.stop()]);
  }
}

if (isMainModule(import.meta.url)) printFigures(benchRealtime);
