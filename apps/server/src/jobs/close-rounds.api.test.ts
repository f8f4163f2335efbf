import { beforeAll, describe, expect, it } from 'vitest';
import { seedBadgeRules } from '../db/seed/badge-rules.ts';
import { testDatabaseTargets } from '../../test/databases.ts';
import { certify, createRound, createTeam, createUser } from '../../test/factories.ts';
import { useTestContext } from '../../test/harness.ts';
import { createJobRunner } from './job-runner.ts';
import { scheduleCloseRounds } from './close-rounds.job.ts';

const quiet = { info: () => {}, error: () => {} };

/** The scheduled round close: servers waking together close an ended round once. */
describe.each(testDatabaseTargets())('the round-close job on $name', (target) => {
  const t = useTestContext(target);
  beforeAll(async () => {
    await seedBadgeRules(t.db);
  });

  it('closes an ended round once with three servers waking at once, and leaves a running one', async () => {
    const ended = await createRound(t.db, { startDate: '2026-11-01', endDate: '2026-11-05', missions: 1 });
    const running = await createRound(t.db, { startDate: '2026-11-15', endDate: '2026-11-30', missions: 1 });
    const me = await createUser(t.db);
    await createTeam(t.db, { subChallengeId: ended.subChallengeId, managerId: me });
    for (const day of ['01', '02', '03', '04', '05'])
      await certify(t.db, me, ended.missionIds[0]!, `2026-11-${day}`);
    await t.db
      .updateTable('sub_challenges')
      .set({ paid_reward_amount: 100 })
      .where('id', '=', ended.subChallengeId)
      .execute();

    const servers = ['a', 'b', 'c'].map((owner) =>
      createJobRunner({ db: t.db, clock: t.clock.now, logger: quiet, owner }),
    );
    for (const server of servers) scheduleCloseRounds(server, t.app.services.roundClose, quiet, t.clock.now);
    await Promise.all(servers.map((server) => server.stop()));

    const closes = await t.db.selectFrom('round_closes').select('sub_challenge_id').execute();
    expect(closes.map((row) => row.sub_challenge_id)).toContain(ended.subChallengeId);
    expect(closes.map((row) => row.sub_challenge_id)).not.toContain(running.subChallengeId);
    const rewards = await t.db.selectFrom('rewards').select(['kind']).where('user_id', '=', me).execute();
    expect(rewards.map((row) => row.kind).sort()).toEqual(['BADGES', 'PAID']);

    // Later servers find nothing left to do.
    t.clock.advance(60 * 60 * 1000);
    const later = createJobRunner({ db: t.db, clock: t.clock.now, logger: quiet, owner: 'later' });
    scheduleCloseRounds(later, t.app.services.roundClose, quiet, t.clock.now);
    await later.stop();
    expect(await t.db.selectFrom('rewards').select('id').where('user_id', '=', me).execute()).toHaveLength(2);
  });
});
