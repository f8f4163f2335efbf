import { missionListEndpoint } from '@hamkke/contract/home/missions';
import { describe, expect, it } from 'vitest';
import { seedChallenges } from '../../db/seed/challenges.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createTeam, createUser } from '../../../test/factories.ts';
import { callTyped, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';

const NOW = '2026-11-20T03:00:00.000Z';

/**
 * Issue 25 item 5: every mission's empty text box shows its own example, not the same walk in the
 * park for the water, the diary and the phone call.
 */
describe.each(testDatabaseTargets())("each mission's own text example on $name", (target) => {
  const t = useTestContext(target, { now: NOW });

  it('serves the seeded example of every mission of today in home/mission-list', async () => {
    const seeded = await seedChallenges(t.db, new Date(NOW));
    const me = await createUser(t.db);
    await createTeam(t.db, { subChallengeId: seeded.rounds.running, managerId: me });
    await createTeam(t.db, { subChallengeId: seeded.rounds.always, managerId: me });
    const { missions } = (await callTyped(t.app, missionListEndpoint, {}, await sessionHeadersFor(t.app, me)))
      .response;
    expect(missions).toHaveLength(6);
    const examples = missions.map((mission) => mission.textPlaceholder);
    for (const example of examples) expect(example).toMatch(/^예: .{8,}/);
    expect(new Set(examples).size).toBe(missions.length);
    expect(missions.find((mission) => mission.title === '감사 일기 쓰기')?.textPlaceholder).not.toContain(
      '산책',
    );
  });
});
