/// <reference types="vitest/config" />
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { operatorGuidePlugin } from './src/features/help/operator-guide-plugin.js';

const apiPort = Number(process.env.API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;

/** The server's tests: real databases (both engines), real HTTP. */
const serverTests = {
  environment: 'node' as const,
  include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'e2e/bench/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  globalSetup: ['server/test/global-setup.ts'],
};
const moduleMockingTests = ['server/plugins/catalogue-answers-one-build.test.ts'];
/**
 * The server tests need PostgreSQL and Redis, unless TEST_DATABASES or TEST_SERVICES leaves one out (a list of the
 * parts to run on, server/test/targets.ts): then the files that need only that part are left out with it, and the
 * run's last line says so.
 */
const postgresOnlyTests = ['server/db/screen-queries-use-indexes.test.ts'];
const redisTests = ['server/realtime/redis-fanout.test.ts'];
function leavesOut(variable: 'TEST_DATABASES' | 'TEST_SERVICES', part: string): boolean {
  const parts = process.env[variable]
    ?.toLowerCase()
    .split(',')
    .map((name) => name.trim());
  return parts !== undefined && !parts.includes(part);
}
const leftOut = [
  ...(leavesOut('TEST_DATABASES', 'postgres') ? postgresOnlyTests : []),
  ...(leavesOut('TEST_SERVICES', 'redis') ? redisTests : []),
];

export default defineConfig({
  // Vitest runs server and unit tests only: it needs neither the route generator nor React's transform.
  plugins: process.env.VITEST
    ? []
    : [
        tanstackRouter({
          target: 'react',
          autoCodeSplitting: true,
          // Loaders too leave the entry chunk: the login route then loads none of the dashboard's API modules.
          codeSplittingOptions: {
            defaultBehavior: [['loader'], ['component'], ['pendingComponent', 'errorComponent', 'notFoundComponent']],
          },
          routesDirectory: './src/routes',
          generatedRouteTree: './src/routeTree.gen.ts',
        }),
        react(),
        // docs/guide.md as HTML for the Help screen (src/routes/dashboard.help.tsx).
        operatorGuidePlugin(),
        // Each asset over 1 kB also as .br and .gz, at the highest quality, once: the server sends them as they are.
        compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: [/\.map$/, /index\.html$/] }),
      ],
  resolve: {
    // The SPA's zod parses without eval, which the page's Content-Security-Policy refuses (src/zod-jitless.ts,
    // src/zod-mini-jitless.ts). The tests run on Node, under no such policy.
    alias: process.env.VITEST
      ? []
      : [
          { find: /^zod$/, replacement: path.resolve('src/zod-jitless.ts') },
          { find: /^zod\/mini$/, replacement: path.resolve('src/zod-mini-jitless.ts') },
        ],
  },
  build: {
    outDir: 'dist',
    // Which chunks each route needs: the login route's JavaScript budget is counted from it (e2e/bench/login-bundle.ts).
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every module the entry imports statically is loaded before the first screen anyway: in one chunk it
          // compresses better than in the many small common chunks the default makes (docs/figures.md).
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    // `npm run dev`: the API runs beside Vite; everything that is not the SPA goes to it.
    proxy: {
      '/api': apiTarget,
      '/logout': apiTarget,
      '/broadcasting': apiTarget,
      '/apps': apiTarget,
      '/app': { target: apiTarget, ws: true },
    },
  },
  test: {
    // One file per core. Many server tests wait (leases, timers, the other engine's round trips), so the default of a
    // core less, one worker here, left a core idle: 264 s against 163 s for the run on this 2-core machine; three were
    // slower again (175 s).
    maxWorkers: '100%',
    // A test passes or fails: `.only` fails the run, and so does any skipped test (server/test/run-report.ts), which
    // also prints what the run ran on. No test files found fails too (passWithNoTests stays off).
    allowOnly: false,
    reporters: ['default', ['./server/test/run-report.ts', { serverProjects: ['server', 'server-mocks'], redisTests }]],
    projects: [
      {
        test: {
          ...serverTests,
          name: 'server',
          // One module graph per worker, not per file: each file imported the whole server again. On a 2-core machine
          // the unit run took 378 s, 143 s of it imports (summed over workers); without isolation 263 s, 40 s of imports.
          // The server keeps no module state one test file could leak into another: its caches are per database, and
          // every file opens its own.
          isolate: false,
          exclude: [...moduleMockingTests, ...leftOut],
        },
      },
      {
        // A file that replaces a module (vi.mock) needs a module graph of its own.
        test: { ...serverTests, name: 'server-mocks', include: moduleMockingTests },
      },
      {
        test: {
          name: 'web',
          environment: 'node',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
        },
      },
    ],
  },
});
