import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HANG_GUARD_MS } from '../test/hang-guards.ts';
import { freePort } from '../test/spawn-server.ts';

// `npm test`'s pretest (decision 041): a missing service stops the run in seconds with one line
// saying which and how to start it, before any test waits on its own time-out.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const preflight = path.join(repoRoot, 'scripts/preflight.mjs');

type Run = { code: number | null; stdout: string; stderrLines: string[] };

function runPreflight(checks: string[], env: Record<string, string>, node = process.execPath): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [preflight, ...checks], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A hang guard, not a limit on the preflight (whose every check gives up after its own 3 s): a
    // Node start at load average 30 alone may take seconds.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`the preflight kept running (hang guard, ${HANG_GUARD_MS.start} ms):\n${stdout}${stderr}`),
      );
    }, HANG_GUARD_MS.start);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderrLines: stderr.split('\n').filter((line) => line !== '') });
    });
  });
}

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const databaseUrl = process.env.TEST_DATABASE_URL;

describe('the test preflight', () => {
  it('stops in seconds with one line naming Redis and how to start it when Redis does not answer', async () => {
    // A port nothing listens on (freePort closes its probe before answering).
    const port = await freePort();
    const run = await runPreflight(['redis'], { TEST_REDIS_URL: `redis://127.0.0.1:${port}` });

    expect(run.code).toBe(1);
    expect(run.stderrLines).toHaveLength(1);
    expect(run.stderrLines[0]).toMatch(
      new RegExp(
        `^preflight: Redis at redis://127\\.0\\.0\\.1:${port} does not answer \\(ECONNREFUSED\\) — start it: redis-server --daemonize yes --port ${port} `,
      ),
    );
    // In seconds: the line names the refusal (ECONNREFUSED), not the preflight's own 3-s time-out ("no
    // answer in 3 s"), so it stopped on the refusal, before that time-out. Not "within 10 s" of this
    // machine's clock: a Node start at load average 30 alone may take that long.
  });

  it('stops with one line naming PostgreSQL and how to start it when PostgreSQL does not answer', async () => {
    const port = await freePort();
    const run = await runPreflight(['postgres'], {
      TEST_DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${port}/test`,
    });

    expect(run.code).toBe(1);
    expect(run.stderrLines).toHaveLength(1);
    expect(run.stderrLines[0]).toMatch(
      new RegExp(
        `^preflight: PostgreSQL at postgres://postgres:\\*\\*\\*@127\\.0\\.0\\.1:${port}/test does not answer \\(ECONNREFUSED\\) — start it: pg_ctlcluster `,
      ),
    );
    // Stopped on the refusal, not a time-out: as for Redis above.
  });

  it.skipIf(!databaseUrl)('names the createdb command when the test database is missing', async () => {
    const url = new URL(databaseUrl!);
    url.pathname = '/hamkke_preflight_missing';
    const run = await runPreflight(['postgres'], { TEST_DATABASE_URL: url.toString() });

    expect(run.code).toBe(1);
    expect(run.stderrLines).toEqual([
      `preflight: PostgreSQL at ${url.toString().replace(/:[^:@/]*@/, ':***@')} has no database hamkke_preflight_missing — create it: createdb -h ${url.hostname} -U postgres hamkke_preflight_missing`,
    ]);
  });

  it('passes quietly on the services the tests run against', async () => {
    const run = await runPreflight(['modules', 'redis', 'postgres'], {
      TEST_REDIS_URL: redisUrl,
      ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}),
    });

    expect(run.stderrLines).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^preflight: ready \(modules, redis, postgres\) on Node v/);
  });

  const olderNode = ['/usr/bin/node', '/usr/local/bin/node'].find((candidate) => {
    if (!fs.existsSync(candidate)) return false;
    const major = Number(/^v(\d+)/.exec(spawnSync(candidate, ['--version']).stdout.toString())?.[1]);
    return major < 24;
  });

  it.skipIf(!olderNode)('refuses an older Node in one line naming the supported versions', async () => {
    const run = await runPreflight(['node'], {}, olderNode);

    expect(run.code).toBe(1);
    expect(run.stderrLines).toHaveLength(1);
    expect(run.stderrLines[0]).toMatch(
      /^preflight: Node v\d+\.\d+\.\d+ is not supported: 함께미션 is built and tested for Node 24 LTS \(\^24\.\d+\.\d+\) — /,
    );
  });

  it('accepts the Node the tests run on when it is Node 24', async () => {
    const run = await runPreflight(['node'], {});
    expect(run.code).toBe(/^v24\./.test(process.version) ? 0 : 1);
  });
});
