// Before any test runs (`npm test`'s pretest; decision 041): checks what the tests need, in a few
// seconds, and prints one line per missing piece saying which and how to get it — instead of tests
// failing one by one after their own time-outs. `node scripts/preflight.mjs redis postgres` runs only
// those checks; with no arguments it runs them all.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unsupportedNodeLine } from './node-support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Resolves packages as the server does (its native modules live there or are hoisted to the root). */
const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
/** Each network check gives up after this long: a service that is up answers in milliseconds. */
const TIMEOUT_MS = 3_000;
const orTestSh = 'or run bash scripts/test.sh, which provisions everything';

function redact(url) {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

function withTimeout(promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function reason(error) {
  return error?.code ?? String(error?.message ?? error).split('\n')[0];
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const checks = {
  async node() {
    const line = unsupportedNodeLine();
    return (
      line &&
      `${line} — put Node 24 first on PATH (the version in .node-version), or run bash scripts/test.sh, which installs it into .node/`
    );
  },

  /** node_modules exist and their native modules were built for this Node. */
  async modules() {
    for (const name of ['better-sqlite3', 'argon2', 'sharp']) {
      try {
        const loaded = serverRequire(name);
        if (name === 'better-sqlite3') new loaded(':memory:').close();
      } catch (error) {
        return `node_modules are missing or built for another Node (${name}: ${reason(error)}) — run: npm ci`;
      }
    }
    return null;
  },

  async chromium() {
    const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    try {
      fs.accessSync(chromium, fs.constants.X_OK);
      return null;
    } catch {
      return `Chromium is missing at ${chromium} (the browser tests) — install: apt-get install -y chromium chromium-headless-shell fonts-noto-cjk fonts-noto-color-emoji, or set CHROMIUM_PATH`;
    }
  },

  async exiftool() {
    return onPath('exiftool')
      ? null
      : 'exiftool is missing (the photo-metadata tests) — install: apt-get install -y libimage-exiftool-perl';
  },

  /** PostgreSQL only when TEST_DATABASE_URL asks for it (without it the API tests run on SQLite alone). */
  async postgres() {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return null;
    const pg = serverRequire('pg');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: TIMEOUT_MS });
    client.on('error', () => {});
    try {
      await withTimeout(client.connect().then(() => client.query('select 1')));
      return null;
    } catch (error) {
      if (error?.code === '3D000') {
        const database = new URL(url).pathname.slice(1);
        return `PostgreSQL at ${redact(url)} has no database ${database} — create it: createdb -h ${new URL(url).hostname} -U postgres ${database}`;
      }
      const clusters = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
      return `PostgreSQL at ${redact(url)} does not answer (${reason(error)}) — start it: pg_ctlcluster ${clusters[0] ?? '<version>'} main start, ${orTestSh}`;
    } finally {
      client.end().catch(() => {});
    }
  },

  /** Redis always: the shared rate-limit counters' tests use TEST_REDIS_URL or the default port. */
  async redis() {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const { Redis } = serverRequire('ioredis');
    const redis = new Redis(url, {
      lazyConnect: true,
      connectTimeout: TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    let lastError;
    redis.on('error', (error) => (lastError = error));
    try {
      await withTimeout(redis.connect().then(() => redis.ping()));
      return null;
    } catch (error) {
      const port = new URL(url).port || '6379';
      return `Redis at ${redact(url)} does not answer (${reason(lastError ?? error)}) — start it: redis-server --daemonize yes --port ${port} --save '' --appendonly no, ${orTestSh}`;
    } finally {
      redis.disconnect();
    }
  },
};

const asked = process.argv.slice(2);
for (const name of asked) {
  if (!(name in checks)) {
    console.error(`preflight: no check named ${name} (checks: ${Object.keys(checks).join(', ')})`);
    process.exit(2);
  }
}
const names = asked.length > 0 ? asked : Object.keys(checks);

const failures = [];
for (const name of names) {
  // Services need node_modules: with those missing, the one line that matters is `npm ci`.
  if ((name === 'postgres' || name === 'redis') && failures.some((line) => line.includes('npm ci'))) continue;
  try {
    const line = await checks[name]();
    if (line) failures.push(line);
  } catch (error) {
    failures.push(`${name} could not be checked (${reason(error)}) — run: npm ci`);
  }
}
for (const line of failures) console.error(`preflight: ${line}`);
if (failures.length > 0) process.exit(1);
console.info(`preflight: ready (${names.join(', ')}) on Node ${process.version}`);
