import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The real server in a child process (server/test/serve.ts), for tests that stop or kill it as an operator would. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it logged (pino JSON lines on stdout, anything on stderr). */
  output(): string;
  /** `kill -9`: no shutdown of any kind. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit code. */
  stop(): Promise<number | null>;
}

const script = fileURLToPath(new URL('./serve.ts', import.meta.url));

export async function startServerProcess(env: Record<string, string>, startMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', SPA_DIR: '/nonexistent-spa', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${startMs} ms:\n${output}`));
    }, startMs);
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type === 'listening' && message.port) {
        clearTimeout(timer);
        resolve(message.port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening:\n${output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(force);
      return code;
    },
  };
}
