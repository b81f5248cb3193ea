import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * Who holds a run's lease: `host/pid/boot`. Host and pid let a starting process tell which of its host's holders
 * are dead (a crash, `kill -9`), so it takes their runs over at once instead of waiting for their leases to run
 * out; the boot part tells apart the holders one process had (a restart in place, or several apps in one test).
 */
export interface LeaseHolder {
  readonly id: string;
  /** True when `holder` names a holder of this host that no longer runs. */
  isDeadNeighbour(holder: string): boolean;
  /** This holder stops (its app closes). */
  retire(): void;
}

/** The holders alive in this process. */
const aliveHere = new Set<string>();

export function newLeaseHolder(): LeaseHolder {
  const host = hostname();
  const id = `${host}/${process.pid}/${randomUUID()}`;
  aliveHere.add(id);
  return {
    id,
    isDeadNeighbour(holder) {
      const match = /^(.*)\/(\d+)\/([^/]+)$/.exec(holder);
      if (!match || match[1] !== host) return false;
      const pid = Number(match[2]);
      if (pid === process.pid) return !aliveHere.has(holder);
      return !processRuns(pid);
    },
    retire() {
      aliveHere.delete(id);
    },
  };
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
