import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './percentile';

export interface PacedFigures {
  clients: number;
  seconds: number;
  paced_per_s: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  requests_per_s: number;
  errors: number;
  non_2xx: number;
  /** How late the load's own event loop ran (p99): a request due then was sent that much late, and timed from due. */
  client_loop_delay_p99_ms: number;
}

/**
 * Many operators at a steady rate: `clients` keep-alive connections, each asking its next call (round `paths`, each
 * client from its own place in the round) every `clients / perSecond` seconds, on a fixed schedule, the clients'
 * schedules spread evenly over the interval. A request is timed from when it was due, so a server that falls behind
 * is not hidden by clients that wait for it (coordinated omission). autocannon's own rate (`overallRate`) sends each
 * second's quota at once at the start of the second, a burst, not a rate.
 */
export async function pacedLoad(
  baseUrl: string,
  headers: Record<string, string>,
  paths: string[],
  clients: number,
  perSecond: number,
  seconds: number,
): Promise<PacedFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const interval = (clients / perSecond) * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const start = performance.now() + 100;
  const end = start + seconds * 1000;

  const ask = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(new URL(path, baseUrl), { agent, headers }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      });
      request.on('error', reject);
    });

  const client = async (index: number) => {
    let due = start + (index * interval) / clients;
    for (let call = index; due < end; call += 1, due += interval) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      try {
        const status = await ask(paths[call % paths.length]!);
        if (status < 200 || status >= 300) non2xx += 1;
        latencies.push(performance.now() - due);
      } catch {
        errors += 1;
      }
    }
  };
  const clientLoop = monitorEventLoopDelay({ resolution: 5 });
  clientLoop.enable();
  await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  clientLoop.disable();
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (percent: number) => Math.round((latencies.length ? percentile(latencies, percent) : 0) * 10) / 10;
  return {
    clients,
    seconds,
    paced_per_s: perSecond,
    p50_ms: at(50),
    p99_ms: at(99),
    max_ms: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
    requests_per_s: Math.round(latencies.length / seconds),
    errors,
    non_2xx: non2xx,
    client_loop_delay_p99_ms: Math.round(clientLoop.percentile(99) / 1e5) / 10,
  };
}
