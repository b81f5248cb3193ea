import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Runs a test-support server script in a child process (`node --import tsx`) and talks to it over IPC. */

export interface ChildServer {
  port: number;
  child: ChildProcess;
  /** Sends an IPC command and waits (bounded) for the first answer of `answerType`. */
  ask<T>(command: Record<string, unknown>, answerType: string, ms?: number): Promise<T>;
  stop(): Promise<void>;
}

const scripts = {
  standalone: fileURLToPath(new URL('./standalone.ts', import.meta.url)),
  bareWs: fileURLToPath(new URL('./bare-ws-server.ts', import.meta.url)),
};

export async function spawnServer(
  script: keyof typeof scripts,
  env: Record<string, string>,
  options: { nodeArgs?: string[]; startMs?: number } = {},
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', scripts[script]], {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within ${options.startMs ?? 20_000} ms. stderr: ${stderr}`));
    }, options.startMs ?? 20_000);
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type === 'listening' && message.port) {
        clearTimeout(timer);
        resolve(message.port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before listening. stderr: ${stderr}`));
    });
  });

  return {
    port,
    child,
    ask<T>(command: Record<string, unknown>, answerType: string, ms = 10_000): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off('message', onMessage);
          reject(new Error(`${script} did not answer ${String(command.type)} within ${ms} ms`));
        }, ms);
        const onMessage = (message: { type?: string }) => {
          if (message.type !== answerType) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(message as T);
        };
        child.on('message', onMessage);
        child.send(command);
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
