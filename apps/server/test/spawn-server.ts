import { seoulDay } from '@hamkke/contract/dates';
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HANG_GUARD_MS } from './hang-guards.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

export interface RunningServer {
  baseUrl: string;
  pid: number;
  databaseFile: string;
  /** Last lines the server printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the built server with a temporary, seeded SQLite database, on a port of its own choosing
 * (`PORT=0`) unless `env.PORT` names one (a server restarted behind a balancer comes back at the
 * same address). Resolves when the server says it is ready (its IPC message after it listens, with
 * the port it got): no timer asks it again and again, and a slow machine only makes that later.
 */
export async function startServer(
  env: Record<string, string> = {},
  /** Node's own flags for the server, e.g. `--cpu-prof` (the bench's profile). */
  nodeArgs: readonly string[] = [],
  /**
   * A hang guard, not a time limit on the start: a server that neither says it is ready nor exits
   * within it is stuck. Migrating and seeding take seconds on a quiet machine and a minute and more
   * at load average 30 (`npm test` runs every phase at once, decision 053).
   */
  startTimeoutMs: number = HANG_GUARD_MS.start,
): Promise<RunningServer> {
  if (!fs.existsSync(serverEntry))
    throw new Error('Build first: npm run build (apps/server/dist/main.js is missing)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-e2e-'));
  const databaseFile = path.join(dir, 'e2e.sqlite');
  const template = seededTemplate(env);
  const fromTemplate = template !== null && copySeeded(template, dir);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `file:${databaseFile}`,
      // Its own photos folder: the purge's orphan sweep must never touch another server's photos.
      UPLOAD_DIR: path.join(dir, 'uploads'),
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // As `npm start` runs it (scripts/start.mjs): two glibc arenas.
      MALLOC_ARENA_MAX: '2',
      ...env,
    },
    // The fourth: the IPC channel the server's ready message comes on (apps/server/src/main.ts).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.once('exit', recordServer(child.pid));
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const guard = setTimeout(
        () =>
          reject(
            new Error(`server neither became ready nor exited in ${startTimeoutMs} ms (hang guard):\n${log}`),
          ),
        startTimeoutMs,
      );
      child.on('message', (message: { type?: string; port?: number }) => {
        if (message?.type !== 'hamkke:ready' || typeof message.port !== 'number') return;
        clearTimeout(guard);
        resolve(message.port);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(guard);
        reject(new Error(`server exited early (${signal ?? `exit ${code}`}):\n${log}`));
      });
    });
  } catch (error) {
    // Not left running (and using the processor) after the start gave up on it.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  // The channel is for the ready message only: closed, so it holds neither process open.
  child.disconnect?.();
  if (template !== null && !fromTemplate) await keepSeeded(template, dir);

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    databaseFile,
    output: () => log,
    stop: async () => {
      // Still running (not exited, not killed by a signal, e.g. a crash test's SIGKILL).
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/*
 * Seeded databases kept for the next start (decision 056). Seeding the demo data is most of a
 * server's start (≈ 2.4 of its 3.6 processor seconds), and the browser and system tests start about
 * seventy servers a run. The first server of a kind seeds as always; its database, copied with
 * SQLite's online backup once it answers (before any test has touched it), and its photos are kept;
 * the next servers of that kind start from copies: the same rows, photos and files, migrated and
 * seeded already. A kind is the server's environment (a `CLOCK_START` seeds other days), the Seoul day
 * and the build; a copy is used for ten minutes at most, so seeded times stay within minutes of
 * now. A server on another database or photo storage, or told whether to seed, seeds itself.
 */
const TEMPLATE_MAX_AGE_MS = 10 * 60_000;
const templateRoot = path.join(os.tmpdir(), 'hamkke-seeded');
/** Settings no seed reads: servers differing only in these share a seeded database. */
const SEED_NEUTRAL = new Set(['PORT', 'LOG_LEVEL']);

function seededTemplate(env: Record<string, string>): string | null {
  // Only under Vitest: a bench measures a server as it starts for real (its memory at start, its peak).
  if (!process.env.VITEST) return null;
  const keys = Object.keys(env);
  if (
    keys.some(
      (key) => key === 'DATABASE_URL' || key === 'SEED_DEMO_DATA' || /^(UPLOAD|S3_|STORAGE)/.test(key),
    )
  )
    return null;
  const kind = JSON.stringify({
    env: keys
      .filter((key) => !SEED_NEUTRAL.has(key))
      .sort()
      .map((key) => [key, env[key]]),
    seoulDay: seoulDay(),
    build: fs.statSync(serverEntry).mtimeMs,
  });
  return path.join(templateRoot, createHash('sha256').update(kind).digest('hex').slice(0, 20));
}

/** Copies a kept seeded database and its photos into `dir`; false when none is fresh enough. */
function copySeeded(template: string, dir: string): boolean {
  try {
    if (Date.now() - fs.statSync(path.join(template, 'ready')).mtimeMs > TEMPLATE_MAX_AGE_MS) return false;
    fs.copyFileSync(path.join(template, 'e2e.sqlite'), path.join(dir, 'e2e.sqlite'));
    fs.cpSync(path.join(template, 'uploads'), path.join(dir, 'uploads'), { recursive: true });
    return true;
  } catch {
    fs.rmSync(path.join(dir, 'e2e.sqlite'), { force: true });
    fs.rmSync(path.join(dir, 'uploads'), { recursive: true, force: true });
    return false;
  }
}

/** Keeps a just-seeded server's database and photos for the next start of its kind. */
async function keepSeeded(template: string, dir: string): Promise<void> {
  fs.mkdirSync(templateRoot, { recursive: true });
  pruneSeeded();
  const building = fs.mkdtempSync(`${template}.building-`);
  try {
    const live = new Database(path.join(dir, 'e2e.sqlite'), { readonly: true, fileMustExist: true });
    try {
      await live.backup(path.join(building, 'e2e.sqlite'));
    } finally {
      live.close();
    }
    fs.cpSync(path.join(dir, 'uploads'), path.join(building, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(building, 'ready'), '');
    // A stale copy of the same kind gives way; one another process kept meanwhile stays.
    fs.rmSync(template, { recursive: true, force: true });
    fs.renameSync(building, template);
  } catch {
    fs.rmSync(building, { recursive: true, force: true });
  }
}

/**
 * Removes kept copies no start will use again (older than their ten minutes: another day, another
 * build, or a kind no longer started) and copies a process left half made.
 */
function pruneSeeded(): void {
  for (const name of fs.readdirSync(templateRoot)) {
    const entry = path.join(templateRoot, name);
    try {
      const ready = path.join(entry, 'ready');
      const madeAt = fs.statSync(fs.existsSync(ready) ? ready : entry).mtimeMs;
      if (Date.now() - madeAt > TEMPLATE_MAX_AGE_MS) fs.rmSync(entry, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

/*
 * Servers a test run started and has not stopped, each a file named by its pid in the run's folder:
 * the pid of Vitest's main process (a test file runs in a worker it forked; `HAMKKE_TEST_RUN` names
 * another run). When the run ends, its global setup's teardown kills any server still running: one
 * whose test file failed before stopping it, or whose worker died, would otherwise keep running (and
 * using the processor) after the run.
 */
const serversRoot = path.join(os.tmpdir(), 'hamkke-test-servers');

/** Records a started server for its run; answers what forgets it (when it exits). */
function recordServer(pid: number | undefined): () => void {
  const run = process.env.HAMKKE_TEST_RUN ?? (process.env.VITEST ? String(process.ppid) : undefined);
  if (!run || pid === undefined) return () => {};
  const file = path.join(serversRoot, run, String(pid));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  return () => fs.rmSync(file, { force: true });
}

/** Kills the servers of a run still running (only if the pid is still one of ours); how many. */
export function killLeftServers(run: string): number {
  const dir = path.join(serversRoot, run);
  let killed = 0;
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    try {
      // A pid is reused once its process is gone: only a process running our server is killed.
      if (fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(serverEntry)) {
        process.kill(Number(name), 'SIGKILL');
        killed += 1;
      }
    } catch {
      // Exited meanwhile.
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return killed;
}

export interface MintedSession {
  userId: number;
  token: string;
  expires: number;
  name: string;
  alias: string;
}

/**
 * Test helper standing in for the login flow of a later issue: writes an access token for an
 * existing person straight into the server's database, as the server itself would.
 */
export function mintSession(
  databaseFile: string,
  where: { kakaoId?: string; loginId?: string },
): MintedSession {
  const db = new Database(databaseFile);
  try {
    const user = (
      where.kakaoId
        ? db.prepare('select id, name, alias from users where kakao_id = ?').get(where.kakaoId)
        : db.prepare('select id, name, alias from users where login_id = ?').get(where.loginId)
    ) as { id: number; name: string; alias: string } | undefined;
    if (!user) throw new Error(`no such user ${JSON.stringify(where)}`);
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const expires = now + 60 * 60 * 1000;
    db.prepare(
      'insert into access_tokens (token_hash, user_id, expires_at, created_at, revoked_at) values (?, ?, ?, ?, null)',
    ).run(
      createHash('sha256').update(token).digest('hex'),
      user.id,
      new Date(expires).toISOString(),
      new Date(now).toISOString(),
    );
    return { userId: user.id, token, expires, name: user.name, alias: user.alias };
  } finally {
    db.close();
  }
}

export function setPinVerified(databaseFile: string, userId: number, verified: boolean): void {
  const db = new Database(databaseFile);
  try {
    db.prepare('update users set pin_verified_at = ? where id = ?').run(
      verified ? new Date().toISOString() : null,
      userId,
    );
  } finally {
    db.close();
  }
}
