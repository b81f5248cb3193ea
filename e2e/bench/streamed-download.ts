import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A full collection, so that the figures start from live memory (the flag is set at run time: no node option needed). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * Downloads a streamed CSV answer of the server running in this process, keeping nothing of it, and says how long it
 * took (first byte, last byte), how many lines and megabytes came, and how much this process's memory grew meanwhile:
 * since the client keeps nothing, what grows is the server's. Shared by the export benches.
 */
export async function measureStreamedDownload(url: string, token: string, rows: number) {
  // Settle what seeding allocated, then watch the process's resident memory while the answer streams.
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);

  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' } });
  const firstByteMs = performance.now() - started;
  let bytes = 0;
  let lines = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 0x0a) lines += 1;
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);

  collectGarbage();
  return {
    rows,
    status: response.status,
    csv_lines: lines,
    csv_mb: mb(bytes),
    first_byte_ms: Math.round(firstByteMs),
    total_ms: Math.round(totalMs),
    rows_per_second: Math.round(rows / (totalMs / 1000)),
    rss_growth_mb: mb(peakRss - baseline.rss),
    heap_growth_mb: mb(peakHeap - baseline.heapUsed),
    heap_retained_after_gc_mb: mb(process.memoryUsage().heapUsed - baseline.heapUsed),
  };
}
