import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_GUARD_MS } from '../test/hang-guards.ts';
import { freePort } from '../test/spawn-server.ts';

/**
 * Issue 43 item 6: the README's first command, `bash scripts/start.sh`, on a fresh copy of the
 * repository (its files as git sees them: no .node/, no node_modules, no build, no database) with an
 * old Node first on PATH, reaches the running product's health check. It installs Node 24 into .node/
 * from the npm registry, runs `npm ci` for it, builds and starts with demo data (decision 064).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const OLD_NODE = 'v20.20.2';

/** The repository's files as a fresh clone of this working tree holds them (tracked and new, not ignored). */
function freshCopy(into: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(repoRoot, file);
    // A file deleted in the working tree but still tracked is not in a fresh clone of it.
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    fs.cpSync(from, path.join(into, file), { verbatimSymlinks: true });
  }
}

/**
 * A folder whose `node` says it is Node 20 (and runs anything else it is given on this Node, so npm,
 * started by it, still works as on a machine whose Node 20 is first on PATH).
 */
function oldNodeFirst(into: string): string {
  const bin = path.join(into, 'old-node-bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(
    path.join(bin, 'node'),
    `#!/bin/sh\ncase "$1" in --version|-v) echo ${OLD_NODE}; exit 0 ;; esac\nexec ${JSON.stringify(process.execPath)} "$@"\n`,
    { mode: 0o755 },
  );
  // Without the Node 24 the test run itself was given (scripts/test.sh puts .node/ first on PATH).
  const rest = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`${path.sep}.node${path.sep}`));
  return [bin, ...rest].join(path.delimiter);
}

/**
 * This machine's environment as a newcomer's shell has it (its certificates for the registry, its
 * HOME and npm cache), without what this test run set: npm's own variables (`npm_config_nodedir`
 * pointing at the run's Node among them), Vitest's, the tests' databases and the server's settings.
 */
function machineEnvironment(): Record<string, string> {
  const fromRun =
    /^(npm_|VITEST|TEST_|HAMKKE_|NODE_ENV$|NODE_OPTIONS$|DATABASE_URL$|REDIS_URL$|PORT$|HOST$|CI$)/;
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !fromRun.test(entry[0]),
    ),
  );
}

describe('the README start command on a fresh copy, with Node 20 first on PATH', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-fresh-start-'));
  let stop = async () => {};
  afterAll(async () => {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('installs Node 24 into .node/, builds node_modules for it and serves /v1/health with demo data', async () => {
    const clone = path.join(dir, 'hamkke');
    freshCopy(clone);
    expect(fs.existsSync(path.join(clone, '.node'))).toBe(false);
    expect(fs.existsSync(path.join(clone, 'node_modules'))).toBe(false);
    const PATH = oldNodeFirst(dir);
    expect(spawnSync('node', ['--version'], { env: { PATH }, encoding: 'utf8' }).stdout.trim()).toBe(
      OLD_NODE,
    );

    const port = await freePort();
    const started = Date.now();
    const child = spawn('bash', ['scripts/start.sh'], {
      cwd: clone,
      // Its own process group: stopping it stops npm, start.mjs and the server under them.
      detached: true,
      env: { ...machineEnvironment(), PATH, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const steps: string[] = [];
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    };

    // The server's own line once it listens (Fastify's, at the default log level): no timer asks it
    // again and again. The bound is a hang guard: installing, `npm ci` and the build take minutes at
    // load average 30.
    await new Promise<void>((resolve, reject) => {
      const guard = setTimeout(
        () => reject(new Error(`start.sh did not start the server (hang guard):\n${output.slice(-4000)}`)),
        HANG_GUARD_MS.test - 60_000,
      );
      const read = (chunk: Buffer) => {
        const text = chunk.toString();
        output += text;
        // Each step the command names, with when it began (printed at the end: where the time went).
        for (const line of text.split('\n'))
          if (/^(start\.sh|node24\.sh): |^building /.test(line))
            steps.push(`+${((Date.now() - started) / 1000).toFixed(1)} s ${line}`);
        if (output.includes(`Server listening at http://127.0.0.1:${port}`)) {
          clearTimeout(guard);
          resolve();
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(guard);
        reject(new Error(`start.sh exited (${code}) before the server listened:\n${output.slice(-4000)}`));
      });
    });
    const firstHealth = Date.now() - started;

    const health = await fetch(`http://127.0.0.1:${port}/v1/health`);
    expect(health.status).toBe(200);
    // The demo data is there: the header's count of families is not zero.
    const counts = await fetch(`http://127.0.0.1:${port}/v1/api/front/common/total-user-mission`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(counts.status).toBe(200);
    const { response } = (await counts.json()) as {
      response: { totalUserCnt: number; totalMissionCnt: number };
    };
    expect(response.totalUserCnt).toBeGreaterThan(0);
    expect(response.totalMissionCnt).toBeGreaterThan(0);

    // It said it installed Node 24 for itself, and the server runs on it.
    expect(output).toContain('start.sh: installing Node');
    const version = fs.readFileSync(path.join(clone, '.node-version'), 'utf8').trim();
    expect(output).toContain(`start.sh: npm start on Node v${version}`);
    expect(fs.existsSync(path.join(clone, 'node_modules/.installed-for'))).toBe(true);
    expect(fs.existsSync(path.join(clone, 'data/hamkke.sqlite'))).toBe(true);
    console.info(
      `[start.sh] fresh copy to first health: ${(firstHealth / 1000).toFixed(1)} s\n${steps.join('\n')}`,
    );
  });
});
