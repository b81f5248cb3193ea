import DataLoader from 'dataloader';

/**
 * Reads asked in the same turn of the event loop, made as one query. Under load, the requests that arrived together
 * (one poll of the sockets) share one round trip to the database instead of making one each; when idle, a read
 * waits for nothing but the end of the current turn. Every read still starts after its caller asked, so it sees
 * every change committed before then. Nothing is remembered between turns (`cache: false`).
 *
 * `read` answers one value (or Error) per key, in the order of the keys; a key may be asked more than once.
 */
export function readBatches<K, V>(name: string, read: (keys: readonly K[]) => Promise<readonly (V | Error)[]>): DataLoader<K, V> {
  return new DataLoader(read, { name, cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) });
}
