import { setImmediate } from 'node:timers/promises';

/**
 * How many rows an export reads at a time: its memory stays this batch's, whatever the grid's length. Small on
 * purpose: a batch's rows and text then die young (in V8's new space) instead of piling up in the old space until a
 * full collection. Measured on 200,000 models (e2e/bench/equipment-export.ts): 250 rows grew the server by 37 MB
 * in 13 s, 500 by 72 MB in 15 s, 1,000 by 152 MB in 15 s (a loaded machine).
 */
const exportBatchSize = 250;

/**
 * Every row a paged read finds, a batch at a time: `readBatch` is given where the previous batch ended (`undefined`
 * first) and answers the next rows and where they end. Between batches the event loop runs: the socket flushes
 * (so back-pressure can pause the export) and other requests are answered. PGlite answers a query without leaving
 * the loop, so without this a long export would read every batch before sending the first byte.
 */
export async function* batchesOf<Row, Position>(
  readBatch: (after: Position | undefined, size: number) => Promise<{ rows: Row[]; next: Position | undefined }>,
): AsyncGenerator<Row[]> {
  let after: Position | undefined;
  for (;;) {
    const { rows, next } = await readBatch(after, exportBatchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < exportBatchSize) return;
    after = next;
    await setImmediate();
  }
}

/** Batches read by offset, for orders no index can resume from (a sort on a column, a filter). */
export function offsetBatchesOf<Row>(readPage: (offset: number, limit: number) => Promise<Row[]>): AsyncGenerator<Row[]> {
  return batchesOf<Row, number>(async (after, size) => {
    const offset = after ?? 0;
    const rows = await readPage(offset, size);
    return { rows, next: offset + rows.length };
  });
}
