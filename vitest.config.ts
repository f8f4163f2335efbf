import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { HANG_GUARD_MS } from './apps/server/test/hang-guards.ts';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

/**
 * A read of a page or a process waits for what it asserts (`expect.poll`), as long as a loaded
 * machine may need: Vitest's own default gives up after one second. Every limit in this file is a
 * hang guard (apps/server/test/hang-guards.ts, issue 43): a test fails on behaviour, never on speed.
 */
const patientPoll = { timeout: HANG_GUARD_MS.poll, interval: 100 };

/** The API projects' settings: the server through `app.inject` against real databases. */
const apiTest = {
  globalSetup: ['apps/server/test/global-setup.ts'],
  // The heaviest API tests (hundreds of concurrent requests on PostgreSQL) take seconds on a quiet
  // machine and many times that beside the browser tests at load average 30.
  testTimeout: HANG_GUARD_MS.test,
  hookTimeout: HANG_GUARD_MS.test,
  expect: { poll: patientPoll },
};

/** The projects that start the built server: any a test left running is killed when the run ends. */
const serversSetup = ['apps/server/test/servers-setup.ts'];

/** How many system test files run at once (decision 064): two unless `SYSTEM_WORKERS` says otherwise. */
const systemWorkers = Math.max(1, Number(process.env.SYSTEM_WORKERS ?? 2) || 1);

/** How many browser test files run at once (decision 053): two unless `E2E_WORKERS` says otherwise. */
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

/**
 * Four depths of tests, one runner:
 * - unit:   pure rules next to their code (`*.test.ts[x]`)
 * - api:    the server through `app.inject` against real databases (`*.api.test.ts`)
 * - system: the built server as a process (`apps/server/system/*.system.test.ts`)
 * - e2e:    the built server driven by Chromium (`apps/web/e2e/*.e2e.test.ts`)
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/codegen/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'bench/**/*.test.ts',
            'eslint-rules/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
          // A few start a process (ESLint on fixtures, dpdm): Vitest's 5 s default, crossed at load 12.
          testTimeout: HANG_GUARD_MS.step,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          exclude: ['apps/server/src/**/*.mocked.api.test.ts', '**/node_modules/**'],
          // The files share their worker's modules (decision 053): each file imported the whole server
          // again (Fastify, Kysely, the routes, sharp) in a fresh worker, most of a small file's time.
          // Every file makes its own app, databases and clock; none mocks a module or changes the
          // environment (eslint refuses vi.mock here), so nothing one file does is seen by the next.
          isolate: false,
          ...apiTest,
        },
      },
      {
        test: {
          // An API file that mocks a module (`*.mocked.api.test.ts`) runs in a worker of its own.
          name: 'api-mocked',
          include: ['apps/server/src/**/*.mocked.api.test.ts'],
          ...apiTest,
        },
      },
      {
        test: {
          // The built server as a process: killed, restarted, shut down (needs `npm run build`).
          name: 'system',
          include: ['apps/server/system/**/*.system.test.ts'],
          globalSetup: serversSetup,
          testTimeout: HANG_GUARD_MS.test,
          hookTimeout: HANG_GUARD_MS.test,
          // Two files at once (decision 064): each has its own ports, databases or clusters, Redis
          // prefix, folders and nginx, and they mostly wait on purpose (a dependency down, a drain).
          // Decision 053 kept them one at a time because their 30 s starts failed side by side at load
          // 15–30; starts are now events with hang guards. `SYSTEM_WORKERS=1` runs them one at a time.
          maxWorkers: systemWorkers,
          sequence: { groupOrder: 2 },
          expect: { poll: patientPoll },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          globalSetup: serversSetup,
          // Long browser flows on a loaded 2-core machine; a hang still fails.
          testTimeout: HANG_GUARD_MS.test,
          hookTimeout: HANG_GUARD_MS.test,
          // Two files at once (decision 053): each starts its own server (its own port, database and
          // photos folder) and its own Chromium, and much of a file's time is waiting (a server's clock
          // crossing midnight, an animation, an answer), which the other file's work fills.
          // `E2E_WORKERS=1` runs them one at a time again.
          maxWorkers: e2eWorkers,
          // Its own group, so a run of every project does not mix it with the others' worker counts.
          sequence: { groupOrder: 1 },
          expect: { poll: patientPoll },
        },
      },
    ],
  },
});
