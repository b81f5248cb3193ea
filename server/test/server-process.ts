import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`'s process (server/cli/launch.mjs: the bundled server/cli/start.ts) in a child process of its own, for
 * the tests that stop it with a real signal: node itself, or `npm start` as an operator's process manager runs it
 * (`throughNpm`; the signal then goes to npm). Its stdout is pino's JSON log, kept line by line.
 */

export interface LogLine {
  level: number;
  msg?: string;
  req?: { method?: string; url?: string };
  [field: string]: unknown;
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every JSON line of its stdout so far. */
  log: LogLine[];
  /** The first log line, written or to come, that matches (bounded). */
  logged(match: (line: LogLine) => boolean, what: string, ms?: number): Promise<LogLine>;
  /** Its exit code (null: killed by a signal) and stderr. */
  exited: Promise<{ code: number | null; stderr: string }>;
  /** Kills it if it still runs (test clean-up). */
  kill(): Promise<void>;
}

const entry = fileURLToPath(new URL('../cli/launch.mjs', import.meta.url));
const root = fileURLToPath(new URL('../../', import.meta.url));

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

export async function startServerProcess(
  env: Record<string, string>,
  options: { startMs?: number; throughNpm?: boolean } = {},
): Promise<ServerProcess> {
  const { startMs = 60_000, throughNpm = false } = options;
  const [command, args] = throughNpm ? ['npm', ['start', '--silent']] : [process.execPath, [entry]];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // npm's own group, so that a clean-up reaches the server under it too.
    detached: throughNpm,
  });
  const log: LogLine[] = [];
  const waiters: { match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return;
    }
    log.push(line);
    for (const waiter of waiters.filter((w) => w.match(line))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.once('exit', (code) => resolve({ code, stderr })));

  const logged = (match: (line: LogLine) => boolean, what: string, ms = 10_000) => {
    const seen = log.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<LogLine>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no log line ${what} within ${ms} ms`)), ms);
      const waiter = {
        match,
        resolve: (line: LogLine) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      waiters.push(waiter);
      void exited.then(({ code }) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}) before logging ${what}. stderr: ${stderr}`));
      });
    });
  };

  // Node itself, or npm's whole group: a server that outlived npm is still in it.
  const killNow = () => (throughNpm ? killGroup(child) : child.kill('SIGKILL'));
  const listening = await logged(
    (line) => line.msg?.startsWith('Server listening at http://127.0.0.1:') === true,
    '"Server listening"',
    startMs,
  ).catch((error: unknown) => {
    killNow();
    throw error;
  });
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(listening.msg ?? '')![0];
  return {
    url,
    port: Number(new URL(url).port),
    child,
    log,
    logged,
    exited,
    async kill() {
      const running = child.exitCode === null && child.signalCode === null;
      killNow();
      if (running) await exited;
    },
  };
}
