/**
 * What the server tests run on: both database engines and Redis, unless the run says otherwise (docs/testing.md
 * "What a run needs"). A part that is asked for and does not answer fails the run with how to start it; leaving a
 * part out is said out loud, with TEST_DATABASES or TEST_SERVICES, and the run's last lines name what it ran on.
 */

export type Engine = 'pglite' | 'postgres';
export type Service = 'redis';

const engines: readonly Engine[] = ['pglite', 'postgres'];
const services: readonly Service[] = ['redis'];

/** The PostgreSQL server the integration tests also run on (ARCHITECTURE.md "Tests"). */
export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The Redis the fan-out test's two API processes share. */
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A comma-separated list of names out of `known`; unset means all of them, `none` none. */
function parseList<T extends string>(variable: string, value: string | undefined, known: readonly T[]): T[] {
  if (value === undefined) return [...known];
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (names.length === 1 && names[0] === 'none') return [];
  const unknown = names.filter((name) => !known.includes(name as T));
  if (unknown.length > 0)
    throw new Error(
      `${variable}=${value}: unknown ${unknown.join(', ')}; expected a comma-separated list of ${known.join(', ')} (or none)`,
    );
  return known.filter((name) => names.includes(name));
}

/** The engines asked for: TEST_DATABASES=pglite leaves PostgreSQL out. */
export function requestedEngines(env: NodeJS.ProcessEnv = process.env): Engine[] {
  const asked = parseList('TEST_DATABASES', env.TEST_DATABASES, engines);
  if (asked.length === 0) throw new Error('TEST_DATABASES=none: the server tests need at least one database (pglite or postgres)');
  return asked;
}

/** The services asked for: TEST_SERVICES=none leaves Redis (and with it the fan-out test) out. */
export const requestedServices = (env: NodeJS.ProcessEnv = process.env): Service[] =>
  parseList('TEST_SERVICES', env.TEST_SERVICES, services);

/** Host, port and database of a URL, without its credentials: what a message or the run's summary may show. */
export function whereIs(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

export async function postgresReachable(): Promise<boolean> {
  // Imported here: vite.config.ts reads this file's lists for every build, which needs no database client.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function redisReachable(): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(testRedisUrl, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** An error that is all message: where in the test support it was made says nothing to the reader. */
function missing(lines: string[]): Error {
  const error = new Error(lines.join('\n'));
  error.stack = `Error: ${error.message}`;
  return error;
}

export const postgresMissing = (): Error =>
  missing([
    `PostgreSQL is not reachable at ${whereIs(postgresAdminUrl)}; the server tests run on PGlite and on PostgreSQL.`,
    '  Start it as .ci/run does: pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start',
    '  (or any PostgreSQL with a database "test" that user postgres may create databases in; TEST_POSTGRES_URL points elsewhere),',
    '  or run on PGlite alone by saying so: TEST_DATABASES=pglite npm test',
  ]);

export const redisMissing = (): Error =>
  missing([
    `Redis is not reachable at ${whereIs(testRedisUrl)}; the fan-out test runs two API processes through it.`,
    '  Start it as .ci/run does: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
    '  (REDIS_URL points elsewhere), or leave that test out by saying so: TEST_SERVICES=none npm test',
  ]);

/** Fails unless every requested engine answers. */
export async function requirePostgresIfRequested(): Promise<void> {
  if (requestedEngines().includes('postgres') && !(await postgresReachable())) throw postgresMissing();
}

/** Fails unless Redis answers; the fan-out test's files are left out of the run when TEST_SERVICES says so. */
export async function requireRedis(): Promise<void> {
  if (!(await redisReachable())) throw redisMissing();
}
