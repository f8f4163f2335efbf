import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../test/databases.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createJobRunner } from './job-runner.ts';
import { recordRun } from './jobs.repository.ts';

const quiet = { info: () => {}, error: () => {} };

/** Background work runs once per period however many servers run (issue 13 item 4). */
describe.each(testDatabaseTargets())('job leases on $name', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(target);
  });
  afterAll(() => t.close());

  const runner = (owner: string) => createJobRunner({ db: t.db, clock: t.clock.now, logger: quiet, owner });

  it('lets exactly one of 50 concurrent claims of one lease win', async () => {
    const runners = Array.from({ length: 50 }, (_, index) => runner(`server-${index}`));
    let working = 0;
    let maxWorking = 0;
    let runs = 0;
    const results = await Promise.all(
      runners.map((r) =>
        r.runOnce('claim-race', 60_000, async () => {
          working += 1;
          runs += 1;
          maxWorking = Math.max(maxWorking, working);
          await new Promise((resolve) => setTimeout(resolve, 20));
          working -= 1;
        }),
      ),
    );
    expect(results.filter(Boolean).length).toBe(runs);
    expect(maxWorking).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(1);
  });

  it('takes over a lease whose holder died, only once it expired', async () => {
    const dead = runner('dead-server');
    const alive = runner('alive-server');
    // The dead server claimed and never released: its run never finishes.
    let release: () => void = () => {};
    const stuck = dead.runOnce('takeover', 60_000, () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await alive.runOnce('takeover', 60_000, async () => {})).toBe(false);
    t.clock.advance(61_000);
    expect(await alive.runOnce('takeover', 60_000, async () => {})).toBe(true);
    release();
    await stuck;
  });

  it('records a period done exactly once under 100 concurrent attempts', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        recordRun(t.db, { name: 'close-round', periodKey: 'round-7', now: 'x' }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('does an hourly job once per hour with two servers waking at once', async () => {
    const done: string[] = [];
    const servers = [runner('a'), runner('b')];
    for (const server of servers) {
      server.every('hourly', 3_600_000, async () => void done.push(server.owner), {
        periodOf: (now) => now.toISOString().slice(0, 13),
      });
    }
    await Promise.all(servers.map((server) => server.stop()));
    expect(done).toHaveLength(1);
    // The next hour is done again, once.
    t.clock.advance(3_600_000);
    const next = [runner('a2'), runner('b2')];
    for (const server of next) {
      server.every('hourly', 3_600_000, async () => void done.push(server.owner), {
        periodOf: (now) => now.toISOString().slice(0, 13),
      });
    }
    await Promise.all(next.map((server) => server.stop()));
    expect(done).toHaveLength(2);
  });
});
