import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { HANG_GUARD_MS } from '../test/hang-guards.ts';
import { killLeftServers, startServer } from '../test/spawn-server.ts';

/** Still running our built server (a zombie or a reused pid is not). */
const runsServer = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/main.js');
  } catch {
    return false;
  }
};

/** The test run's safety net: a server its test never stopped does not outlive the run. */
describe('servers left running by their tests', () => {
  it('are killed when the run ends, and no other process with a recorded pid', async () => {
    const run = `left-servers-${process.pid}-${Date.now()}`;
    process.env.HAMKKE_TEST_RUN = run;
    let server;
    try {
      server = await startServer();
    } finally {
      delete process.env.HAMKKE_TEST_RUN;
    }
    const folder = path.join(os.tmpdir(), 'hamkke-test-servers', run);
    expect(fs.readdirSync(folder)).toEqual([String(server.pid)]);
    // A recorded pid that is not our server (a pid reused after its server exited) is left alone. It
    // sleeps until killed below: a fixed 30 s could end by itself on a loaded machine before the check.
    const bystander = spawn('sleep', ['infinity']);
    fs.writeFileSync(path.join(folder, String(bystander.pid)), '');
    try {
      expect(runsServer(server.pid)).toBe(true);
      expect(killLeftServers(run)).toBe(1);
      // Gone once the kernel has ended it: read every 50 ms (vi.waitFor's default gives up after 1 s).
      await vi.waitFor(() => expect(runsServer(server.pid)).toBe(false), { timeout: HANG_GUARD_MS.poll });
      expect(bystander.exitCode).toBeNull();
      expect(bystander.signalCode).toBeNull();
      expect(fs.existsSync(folder)).toBe(false);
    } finally {
      bystander.kill();
      await server.stop();
    }
  });

  it('forgets a server once it stops', async () => {
    const server = await startServer();
    // Under the run of the Vitest process that forked this worker.
    const file = path.join(os.tmpdir(), 'hamkke-test-servers', String(process.ppid), String(server.pid));
    expect(fs.existsSync(file)).toBe(true);
    await server.stop();
    expect(fs.existsSync(file)).toBe(false);
  });
});
