import { describe, expect, it, vi } from 'vitest';
import { testDatabaseTargets } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { useTestContext } from '../../test/harness.ts';
import { makeJpeg } from '../../test/images.ts';
import { createJobRunner } from './job-runner.ts';
import { claimLease, recordRun, releaseLease } from './jobs.repository.ts';
import { retentionRules, scheduleRetention } from './retention.job.ts';

const quiet = { info: () => {}, error: () => {} };

/** Background work runs once per period however many servers run (issue 13 item 4). */
describe.each(testDatabaseTargets())('job leases on $name', (target) => {
  const t = useTestContext(target);

  const runner = (owner: string) => createJobRunner({ db: t.db, clock: t.clock.now, logger: quiet, owner });

  it('lets exactly one of 50 concurrent claims of one lease win', async () => {
    const runners = Array.from({ length: 50 }, (_, index) => runner(`server-${index}`));
    let working = 0;
    let maxWorking = 0;
    let runs = 0;
    let refused = 0;
    // The winner holds the lease until every other claim has been answered (a second winner would
    // wait for an answer that never comes, and the test would fail).
    const results = await Promise.all(
      runners.map((r) =>
        r
          .runOnce('claim-race', 60_000, async () => {
            working += 1;
            runs += 1;
            maxWorking = Math.max(maxWorking, working);
            await vi.waitFor(() => expect(refused).toBe(runners.length - 1));
            working -= 1;
          })
          .then((ran) => {
            if (!ran) refused += 1;
            return ran;
          }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(maxWorking).toBe(1);
  });

  it('gives one lease to exactly one of 50 owners claiming it at once, and to another once released', async () => {
    const now = t.clock.now();
    const claim = (owner: string) =>
      claimLease(t.db, {
        name: 'raw-claim-race',
        owner,
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + 60_000).toISOString(),
      });
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => claim(`owner-${index}`)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = `owner-${results.indexOf(true)}`;
    expect(await claim('late-owner')).toBe(false);
    // A different owner's release does not free it; the holder's does.
    await releaseLease(t.db, 'raw-claim-race', 'late-owner');
    expect(await claim('late-owner')).toBe(false);
    await releaseLease(t.db, 'raw-claim-race', winner);
    expect(await claim('late-owner')).toBe(true);
  });

  it('takes over a lease whose holder died, only once it expired', async () => {
    const dead = runner('dead-server');
    const alive = runner('alive-server');
    // The dead server claimed and never released: its run never finishes.
    let release: () => void = () => {};
    let claimed = false;
    const stuck = dead.runOnce(
      'takeover',
      60_000,
      () =>
        new Promise<void>((resolve) => {
          claimed = true;
          release = resolve;
        }),
    );
    await vi.waitFor(() => expect(claimed).toBe(true));
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

  it('never overlaps a slow run of its own with the next tick', async () => {
    // The runner's interval is moved by hand; each run works until the test lets it finish.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const server = runner('slow-server');
      let working = 0;
      let maxWorking = 0;
      let runs = 0;
      let period = 0;
      let finish: () => void = () => {};
      server.every(
        'slow',
        5,
        async () => {
          working += 1;
          runs += 1;
          maxWorking = Math.max(maxWorking, working);
          await new Promise<void>((resolve) => (finish = resolve));
          working -= 1;
        },
        { periodOf: () => String((period += 1)) },
      );
      // The first run starts at once; ten ticks while it works start nothing.
      await vi.waitFor(() => expect(working).toBe(1));
      await vi.advanceTimersByTimeAsync(50);
      expect(runs).toBe(1);
      finish();
      await vi.waitFor(() => expect(working).toBe(0));
      // The next tick after it has finished runs again.
      await vi.advanceTimersByTimeAsync(5);
      await vi.waitFor(() => expect(runs).toBe(2));
      finish();
      await server.stop();
      expect(maxWorking).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a run in progress that the server stops, and waits for it to end', async () => {
    const r = runner('stopping-server');
    let seen: AbortSignal | undefined;
    let ended = false;
    r.every(
      'long-run',
      60_000,
      async (stopping) => {
        seen = stopping;
        while (!stopping.aborted) await new Promise((resolve) => setTimeout(resolve, 5));
        ended = true;
      },
      { periodOf: () => 'the-one-period' },
    );
    await vi.waitFor(() => expect(seen).toBeDefined());
    expect(seen!.aborted).toBe(false);
    await r.stop();
    expect(seen!.aborted).toBe(true);
    expect(ended).toBe(true);
  });

  it('purges unused photos once per hour with two servers running the retention job', async () => {
    const me = await createUser(t.db);
    const photo = await t.app.services.files.upload(me, await makeJpeg());
    t.clock.advance(25 * 60 * 60 * 1000);
    let purges = 0;
    let purged = 0;
    const files = {
      ...t.app.services.files,
      purgePendingUploads: async (now: Date) => {
        purges += 1;
        const count = await t.app.services.files.purgePendingUploads(now);
        purged += count;
        return count;
      },
    };
    const rules = retentionRules({ ...t.app.services, files });
    const wake = async (owners: string[]) => {
      const servers = owners.map(runner);
      for (const server of servers) scheduleRetention(server, rules, quiet, t.clock.now);
      await Promise.all(servers.map((server) => server.stop()));
    };

    await wake(['purge-a', 'purge-b']);
    expect(purges).toBe(1);
    expect(purged).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);

    // Restarted servers in the same hour leave it alone; the next hour is purged once again.
    await wake(['purge-c', 'purge-d']);
    expect(purges).toBe(1);
    t.clock.advance(60 * 60 * 1000);
    await wake(['purge-e', 'purge-f']);
    expect(purges).toBe(2);
  });
});
