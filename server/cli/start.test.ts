import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RawClient, within } from '../realtime/test-support/clients';
import { availableEngines, freshDatabase } from '../test/databases';
import { type ServerProcess, startServerProcess } from '../test/server-process';

/**
 * docs/operations.md#stopping: `npm start`'s process, stopped by a real SIGTERM while requests are in flight, answers every
 * request it had received, closes the real-time sockets with 4200 (reconnect at once), exits 0 and logs no error.
 * "In flight" for sure: renames whose bodies are only half sent when the signal comes, finished once the server
 * says it is stopping; around them, a burst of reads, and reads whose clients hang up.
 */

const engines = await availableEngines();
const operator = { email: 'stop@example.com', password: 'stop-test-password' };
const realtimeKey = 'catalogue-key';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function answerOf(request: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
  });
}

class Client {
  /** Requests sent so far: the server logs each once ("incoming request"). */
  sent = 0;
  /** Keep-alive, as browsers and proxies connect: a connection stays open after its answer. */
  readonly agent = new http.Agent({ keepAlive: true });
  token = '';

  constructor(private readonly url: string) {}

  open(method: string, urlPath: string, body?: string, agent: http.Agent = this.agent): http.ClientRequest {
    this.sent += 1;
    return http.request(`${this.url}${urlPath}`, {
      method,
      agent,
      headers: {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
      },
    });
  }

  send(method: string, urlPath: string, json?: unknown, agent?: http.Agent): Promise<Answer> {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const request = this.open(method, urlPath, body, agent);
    const answer = answerOf(request);
    request.end(body);
    return answer;
  }
}

const incomingRequests = (server: ServerProcess) => server.log.filter((line) => line.msg === 'incoming request').length;

async function allReceived(server: ServerProcess, client: Client): Promise<void> {
  await server.logged(() => incomingRequests(server) >= client.sent, `"incoming request" for all ${client.sent} requests`);
}

let cleanUps: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
  cleanUps = [];
});

async function databaseEnv(engine: 'pglite' | 'postgres'): Promise<Record<string, string>> {
  if (engine === 'postgres') {
    const database = await freshDatabase('postgres');
    cleanUps.push(() => database.close());
    return { DATABASE_URL: database.url! };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'catalogue-stop-'));
  cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
  return { DATA_DIR: dataDir };
}

describe.each(engines)('npm start stopped under load, on %s', (engine) => {
  it('answers every request it received, closes the sockets with 4200, exits 0 and logs no error', { timeout: 120_000 }, async () => {
    const server = await startServerProcess({
      ...(await databaseEnv(engine)),
      // production: no SPA build (there is no SPA to serve here), and the demo password is refused.
      NODE_ENV: 'production',
      SPA_DIR: '/nonexistent-spa',
      SEED_OPERATOR_EMAIL: operator.email,
      SEED_OPERATOR_PASSWORD: operator.password,
    });
    cleanUps.push(() => server.kill());
    const client = new Client(server.url);
    const login = await client.send('POST', '/api/login', operator);
    expect(login.status, login.body).toBe(200);
    client.token = (JSON.parse(login.body) as { token: string }).token;
    const tree = JSON.parse((await client.send('GET', '/api/categories')).body) as { categories: { id: number; name: string }[] };
    const renamed = tree.categories.slice(0, 4).map((category) => ({ id: category.id, name: `${category.name} (renamed while stopping)` }));
    expect(renamed).toHaveLength(4);

    const socket = await RawClient.open(server.port, { key: realtimeKey });
    await socket.socketId();

    // A connection left idle in keep-alive, for a request that arrives once the stop has begun.
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await client.send('GET', '/api/health', undefined, idleAgent)).status).toBe(200);

    // Renames sent up to half their body: received (logged), waiting for the rest.
    const halfSent = renamed.map((rename) => {
      const body = JSON.stringify(rename);
      const request = client.open('POST', '/api/categories/update', body);
      const answer = answerOf(request);
      request.write(body.slice(0, body.length / 2));
      return { rename, answer, finish: () => request.end(body.slice(body.length / 2)) };
    });
    const reads = ['/api/categories', '/api/statuses?per_brand=false', '/api/overview', '/api/user-tokens', '/api/health'];
    const burst = Array.from({ length: 100 }, (_, i) => reads[i % reads.length]!).map((urlPath) => ({
      urlPath,
      answer: client.send('GET', urlPath),
    }));
    const abandoned = Array.from({ length: 20 }, () => client.open('GET', '/api/overview'));
    for (const request of abandoned) {
      request.on('error', () => undefined);
      request.end();
    }
    await allReceived(server, client);
    for (const request of abandoned) request.destroy();

    server.child.kill('SIGTERM');
    await server.logged((line) => line.msg === 'stopping', '"stopping"');

    const late = await client.send('GET', '/api/health', undefined, idleAgent);
    expect(late.status).toBe(503);
    expect(late.headers.connection).toBe('close');

    for (const request of halfSent) request.finish();
    for (const { rename, answer } of halfSent) {
      const { status, body, headers } = await answer;
      expect(status, body).toBe(200);
      expect((JSON.parse(body) as { category?: { name: string } }).category?.name).toBe(rename.name);
      expect(headers.connection).toBe('close');
    }
    for (const { urlPath, answer } of burst) {
      const { status, body } = await answer;
      expect(status, `${urlPath}: ${body}`).toBe(200);
    }
    expect((await within(socket.closed, 15_000, 'the socket to close')).code).toBe(4200);

    const { code, stderr } = await within(server.exited, 30_000, 'the server to exit');
    const errors = server.log.filter((line) => line.level >= 50);
    expect(errors, JSON.stringify(errors)).toEqual([]);
    expect(code, stderr).toBe(0);
    expect(server.log.at(-1)?.msg).toBe('stopped');
  });
});

describe('npm start under a process manager', () => {
  // systemd, Docker and the like stop a service by signalling the process they started, here npm. npm hands the
  // signal to the shell that runs the script, which must be the server itself (`exec`): a shell in between dies
  // and leaves the server running, orphaned, on its port.
  it(
    'a SIGTERM to npm stops the server the same way: it logs "stopped", npm exits 0 and the port is free',
    { timeout: 120_000 },
    async () => {
      const server = await startServerProcess(
        {
          ...(await databaseEnv('pglite')),
          NODE_ENV: 'production',
          SPA_DIR: '/nonexistent-spa',
          SEED_OPERATOR_EMAIL: operator.email,
          SEED_OPERATOR_PASSWORD: operator.password,
        },
        { throughNpm: true },
      );
      cleanUps.push(() => server.kill());
      expect((await new Client(server.url).send('GET', '/api/health')).status).toBe(200);

      server.child.kill('SIGTERM');
      await server.logged((line) => line.msg === 'stopped', '"stopped"');
      expect((await server.exited).code).toBe(0);
      await expect(new Client(server.url).send('GET', '/api/health')).rejects.toThrow(/ECONNREFUSED/);
    },
  );
});
