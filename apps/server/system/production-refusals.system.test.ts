import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_GUARD_MS } from '../test/hang-guards.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

/** Runs the built server until it exits on its own; its exit code and what it printed. */
function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverEntry], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A hang guard, not a limit on the refusal: a server that refuses exits before it listens, however
    // slow the machine; one still running after the guard is listening (a start at load 30 takes a minute).
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server kept running (hang guard, ${HANG_GUARD_MS.start} ms):\n${output}`));
    }, HANG_GUARD_MS.start);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Issue 26 item 6: a production start with a demo secret or default stops before it listens. */
describe('a production server with demo secrets', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-prod-refusal-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('exits non-zero with one line naming each variable, touching no database', async () => {
    if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build');
    const databaseFile = path.join(dir, 'never.sqlite');
    const { code, output } = await runUntilExit({
      NODE_ENV: 'production',
      DATABASE_URL: `file:${databaseFile}`,
      UPLOAD_DIR: path.join(dir, 'uploads'),
    });
    expect(code, output).not.toBe(0);
    const lines = output.split('\n').map((line) => line.trim());
    for (const variable of ['LOGIN_KEY_SEED_KEY', 'LOGIN_KEY_SEED_IV', 'KAKAO_REST_API_KEY', 'PUBLIC_ORIGIN'])
      expect(
        lines.filter((line) => line.startsWith(`${variable}: `)),
        output,
      ).toHaveLength(1);
    expect(fs.existsSync(databaseFile)).toBe(false);
  });
});
