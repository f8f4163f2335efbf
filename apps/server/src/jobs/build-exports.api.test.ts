import { describe, expect, it, vi } from 'vitest';
import { testDatabaseTargets } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { useTestContext } from '../../test/harness.ts';
import { scheduleBuildExports } from './build-exports.job.ts';
import { createJobRunner } from './job-runner.ts';

const quiet = { info: () => {}, error: () => {} };

/** The export job (decision 040): a poll under the lease, without a `job_runs` row per tick. */
describe.each(testDatabaseTargets())('the family export job on $name', (target) => {
  const t = useTestContext(target);

  it('builds a queued export on its first tick, on one of two servers, and records no periods', async () => {
    const parent = await createUser(t.db);
    const asked = await t.app.services.exports.request({ userId: parent, userType: 'PARENT' }, null);
    const build = vi.spyOn(t.app.services.exportBuilds, 'buildQueued');
    const runners = ['server-a', 'server-b'].map((owner) =>
      createJobRunner({ db: t.db, clock: t.clock.now, logger: quiet, owner }),
    );
    for (const runner of runners) scheduleBuildExports(runner, t.app.services, quiet, t.clock.now);
    await vi.waitFor(async () => expect((await t.app.services.exports.latest(parent))?.status).toBe('done'));
    await Promise.all(runners.map((runner) => runner.stop()));
    expect((await t.app.services.exports.latest(parent))?.exportId).toBe(asked.exportId);
    // The lease let one server work at a time: at most both ticks ran, never at once on one export.
    expect(build.mock.calls.length).toBeGreaterThanOrEqual(1);
    const runs = await t.db
      .selectFrom('job_runs')
      .select('name')
      .where('name', '=', 'build-exports')
      .execute();
    expect(runs).toEqual([]);
    const leases = await t.db
      .selectFrom('job_leases')
      .select('name')
      .where('name', '=', 'build-exports')
      .execute();
    expect(leases).toEqual([]);
  });
});
