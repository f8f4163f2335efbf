import { addDays, seoulDay } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import { createBadgesService } from '../../modules/rewards/badges.service.ts';
import { createRoundCloseService } from '../../modules/rewards/round-close.service.ts';
import { createRoundResultsService } from '../../modules/teams/round-results.service.ts';
import { createTeamScoresService } from '../../modules/teams/team-scores.service.ts';
import type { Database } from '../schema.ts';
import { seedBadgeRules } from './badge-rules.ts';

/**
 * Rankings, badges and rewards for a first run (issue 8), made by the same code the server runs:
 * the rounds' reward rules; the demo family completes the ended round (the demo parent every day,
 * the demo child most days) and the demo parent keeps a streak of the last eight days in the
 * always program; scores are counted, badges earned, the ended round closed (medals, rewards, the
 * reward notice). Today's missions are left to the demo parent. Her point reward is paid, her data
 * reward pending, and her newest badge ("7일 연속") is left unseen, to pop up once.
 */
export async function seedRewards(
  db: Kysely<Database>,
  input: {
    now: Date;
    userIds: number[];
    demoParentId: number;
    demoChildId: number;
    rounds: { ended: number; running: number; recruiting: number; always: number };
    missionRound: Map<number, number>;
    roundDays: Map<number, { start: string; end: string }>;
  },
): Promise<void> {
  const { now, rounds } = input;
  const today = seoulDay(now);
  await seedBadgeRules(db);
  const rules = [
    { id: rounds.ended, unit: 'POINT' as const, amount: 5000, item: '', mb: 1000 },
    { id: rounds.running, unit: 'GIFT' as const, amount: 1, item: '건강 간식 세트', mb: 500 },
    { id: rounds.recruiting, unit: 'POINT' as const, amount: 3000, item: '', mb: 1000 },
  ];
  for (const rule of rules) {
    await db
      .updateTable('sub_challenges')
      .set({
        reward_threshold_pct: 80,
        paid_reward_unit: rule.unit,
        paid_reward_amount: rule.amount,
        paid_reward_item: rule.item,
        traffic_reward_mb: rule.mb,
      })
      .where('id', '=', rule.id)
      .execute();
  }

  const missionsOf = (round: number) =>
    [...input.missionRound.entries()].filter(([, sub]) => sub === round).map(([missionId]) => missionId);
  const ended = input.roundDays.get(rounds.ended)!;
  const certifications: {
    user_id: number;
    mission_id: number;
    certified_on: string;
    content_html: string;
    created_at: string;
  }[] = [];
  const add = (userId: number, missionId: number, day: string) =>
    certifications.push({
      user_id: userId,
      mission_id: missionId,
      certified_on: day,
      content_html: '<p>오늘도 해냈어요!</p>',
      created_at: `${day}T00:20:00.000Z`,
    });
  for (let day = ended.start, index = 0; day <= ended.end; day = addDays(day, 1), index += 1) {
    for (const missionId of missionsOf(rounds.ended)) {
      add(input.demoParentId, missionId, day);
      if (index % 7 !== 3) add(input.demoChildId, missionId, day);
    }
  }
  const [alwaysMission] = missionsOf(rounds.always);
  for (let daysAgo = 8; daysAgo >= 1; daysAgo -= 1)
    add(input.demoParentId, alwaysMission!, addDays(today, -daysAgo));
  for (let index = 0; index < certifications.length; index += 200) {
    await db
      .insertInto('mission_certifications')
      .values(certifications.slice(index, index + 200))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // Today is still ahead of her: on a first run the demo parent certifies today's missions herself
  // and watches her place rise.
  await db
    .deleteFrom('mission_certifications')
    .where('user_id', '=', input.demoParentId)
    .where('certified_on', '=', today)
    .execute();
  await createTeamScoresService({ db }).recount(today);

  // Badges earned over the seeded history, a day ago; then the ended round's close, today.
  const clock = () => now;
  const badges = createBadgesService({ db, clock });
  const earnedAt = new Date(now.getTime() - 86_400_000).toISOString();
  const kinds = [
    'FIRST_CERTIFICATION',
    'CERTIFICATION_COUNT',
    'STREAK',
    'FIRST_TEAM',
    'FIRST_INVITE_ACCEPTED',
  ] as const;
  for (const userId of input.userIds) await badges.evaluate(db, userId, kinds, earnedAt);
  const close = createRoundCloseService({
    db,
    clock,
    roundResults: createRoundResultsService({ db }),
    badges,
  });
  await close.closeDue(today, 'seed');

  await db.updateTable('user_badges').set({ seen_at: now.toISOString() }).execute();
  const streak7 = await db
    .selectFrom('badge_rules')
    .select('id')
    .where('kind', '=', 'STREAK')
    .where('threshold', '=', 7)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('user_badges')
    .set({ seen_at: null, achieved_at: now.toISOString() })
    .where('user_id', '=', input.demoParentId)
    .where('badge_id', '=', streak7.id)
    .execute();
  await db
    .updateTable('rewards')
    .set({ status: 'PAID', settled_at: now.toISOString() })
    .where('user_id', '=', input.demoParentId)
    .where('kind', '=', 'PAID')
    .execute();
}
