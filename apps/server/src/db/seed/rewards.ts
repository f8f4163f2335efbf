import { addDays, seoulDay, seoulDayStart } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import { createBadgesService } from '../../modules/rewards/badges.service.ts';
import { createRoundCloseService } from '../../modules/rewards/round-close.service.ts';
import { createRoundResultsService } from '../../modules/teams/round-results.service.ts';
import { createTeamScoresService } from '../../modules/teams/team-scores.service.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { Database } from '../schema.ts';
import { seedBadgeRules } from './badge-rules.ts';
import { writeCertifications, type MissionInfo, type PlannedCertification } from './certifications.ts';
import { pick, pseudoRandom } from './moments.ts';

/**
 * Rankings, badges and rewards for a first run (issue 8), made by the same code the server runs:
 * the rounds' reward rules; the demo family completes the ended round (the demo parent six days
 * in a row, three times; the demo child most days) and the demo parent keeps a streak of the last
 * eight days in the always program; scores are counted, badges earned and dated on the day the
 * history reached them, the ended round closed at its close (ten past midnight after its last day:
 * medals, rewards, the reward notice). Today's missions are left to the demo parent. Her point
 * reward was paid three days after the close, her data reward is pending, and her newest badge
 * ("7일 연속", two days ago) is left unseen, to pop up once.
 */
export async function seedRewards(
  db: Kysely<Database>,
  input: {
    now: Date;
    storage: FileStorage;
    userIds: number[];
    demoParentId: number;
    demoChildId: number;
    rounds: { ended: number; running: number; recruiting: number; always: number };
    missions: Map<number, MissionInfo>;
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
  const planned: PlannedCertification[] = [];
  for (let day = ended.start, index = 0; day <= ended.end; day = addDays(day, 1), index += 1) {
    for (const missionId of missionsOf(rounds.ended)) {
      // 18 of 21 days (86 %): runs of six days, so her longest streak is the recent one. The
      // child 17 (81 %): both rewarded, the parent first in the team.
      if (index % 7 !== 6) planned.push({ userId: input.demoParentId, missionId, day });
      if (index % 5 !== 3) planned.push({ userId: input.demoChildId, missionId, day });
    }
  }
  // In the running round she certified water four times: a little behind her team's leaders, so
  // certifying today's three missions moves her up, whatever the hour of seeding.
  const [runningWater] = missionsOf(rounds.running);
  for (const daysAgo of [6, 5, 3, 2])
    planned.push({ userId: input.demoParentId, missionId: runningWater!, day: addDays(today, -daysAgo) });
  const [alwaysMission] = missionsOf(rounds.always);
  for (let daysAgo = 8; daysAgo >= 1; daysAgo -= 1)
    planned.push({ userId: input.demoParentId, missionId: alwaysMission!, day: addDays(today, -daysAgo) });
  await writeCertifications(db, {
    now,
    storage: input.storage,
    missions: input.missions,
    planned,
    seed: 20261122,
  });
  await createTeamScoresService({ db }).recount(today);

  // Badges for the seeded history, then dated on the day the history reached each (below).
  const badges = createBadgesService({ db, clock: () => now });
  const kinds = [
    'FIRST_CERTIFICATION',
    'CERTIFICATION_COUNT',
    'STREAK',
    'FIRST_TEAM',
    'FIRST_INVITE_ACCEPTED',
  ] as const;
  for (const userId of input.userIds) await badges.evaluate(db, userId, kinds, now.toISOString());
  await dateBadgesByHistory(db, input.userIds);

  // The ended round closed as the close job closes it: ten past midnight after its last day.
  const closedAt = new Date(seoulDayStart(addDays(ended.end, 1)).getTime() + 10 * 60_000);
  const closeClock = () => closedAt;
  const close = createRoundCloseService({
    db,
    clock: closeClock,
    roundResults: createRoundResultsService({ db }),
    badges: createBadgesService({ db, clock: closeClock }),
  });
  await close.closeDue(seoulDay(closedAt), 'seed');

  // Every badge was seen at the person's next visit; the demo parent's newest is still new.
  const random = pseudoRandom(20261123);
  const seen = await db.selectFrom('user_badges').select(['user_id', 'badge_id', 'achieved_at']).execute();
  for (const row of seen) {
    const at = Math.min(Date.parse(row.achieved_at) + pick(random, 10, 600) * 60_000, now.getTime());
    await db
      .updateTable('user_badges')
      .set({ seen_at: new Date(at).toISOString() })
      .where('user_id', '=', row.user_id)
      .where('badge_id', '=', row.badge_id)
      .execute();
  }
  const streak7 = await db
    .selectFrom('badge_rules')
    .select('id')
    .where('kind', '=', 'STREAK')
    .where('threshold', '=', 7)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('user_badges')
    .set({ seen_at: null })
    .where('user_id', '=', input.demoParentId)
    .where('badge_id', '=', streak7.id)
    .execute();
  await db
    .updateTable('rewards')
    .set({
      status: 'PAID',
      settled_at: new Date(closedAt.getTime() + 3 * 86_400_000 + 5 * 3_600_000).toISOString(),
    })
    .where('user_id', '=', input.demoParentId)
    .where('kind', '=', 'PAID')
    .execute();
}

/**
 * Dates each badge on the moment the person's history reached it: the first certification, the
 * N-th one, the day a run of N days was reached, the first team joined, the first other family in
 * a team they manage. Completion badges are dated by the round's close.
 */
async function dateBadgesByHistory(db: Kysely<Database>, userIds: readonly number[]): Promise<void> {
  const [certifications, joins, earned] = await Promise.all([
    db
      .selectFrom('mission_certifications')
      .select(['user_id', 'certified_on', 'created_at'])
      .where('hidden_at', 'is', null)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('team_members as m')
      .innerJoin('teams as t', 't.id', 'm.team_id')
      .select(['m.user_id', 'm.family_user_id', 'm.joined_at', 't.manager_user_id'])
      .orderBy('m.joined_at')
      .execute(),
    db
      .selectFrom('user_badges as ub')
      .innerJoin('badge_rules as r', 'r.id', 'ub.badge_id')
      .select(['ub.user_id', 'ub.badge_id', 'r.kind', 'r.threshold'])
      .where('ub.user_id', 'in', userIds.length ? [...userIds] : [-1])
      .execute(),
  ]);
  const byUser = new Map<number, { day: string; at: string }[]>();
  for (const row of certifications) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ day: row.certified_on, at: row.created_at });
    byUser.set(row.user_id, list);
  }
  const firstJoin = new Map<number, string>();
  /** A manager's first other family in one of their teams (the seeded teams were joined by invitation). */
  const firstBrought = new Map<number, string>();
  for (const row of joins) {
    if (!firstJoin.has(row.user_id)) firstJoin.set(row.user_id, row.joined_at);
    if (row.family_user_id !== row.manager_user_id && !firstBrought.has(row.manager_user_id))
      firstBrought.set(row.manager_user_id, row.joined_at);
  }

  /** When a run of `days` consecutive days was first reached: that day's first certification. */
  const streakReached = (history: { day: string; at: string }[], days: number) => {
    const firstOf = new Map<string, string>();
    for (const item of history)
      if (!firstOf.has(item.day) || item.at < firstOf.get(item.day)!) firstOf.set(item.day, item.at);
    const sorted = [...firstOf.keys()].sort();
    let run = 0;
    for (let index = 0; index < sorted.length; index += 1) {
      run = index > 0 && addDays(sorted[index - 1]!, 1) === sorted[index] ? run + 1 : 1;
      if (run >= days) return firstOf.get(sorted[index]!)!;
    }
    return null;
  };
  for (const badge of earned) {
    const history = byUser.get(badge.user_id) ?? [];
    let at: string | null = null;
    if (badge.kind === 'FIRST_CERTIFICATION' || badge.kind === 'CERTIFICATION_COUNT') {
      // In the order they were made (a day's certification may be made late in the evening).
      at = history[badge.threshold - 1]?.at ?? null;
    } else if (badge.kind === 'STREAK') {
      at = streakReached(history, badge.threshold);
    } else if (badge.kind === 'FIRST_TEAM') {
      at = firstJoin.get(badge.user_id) ?? null;
    } else if (badge.kind === 'FIRST_INVITE_ACCEPTED') {
      at = firstBrought.get(badge.user_id) ?? null;
    }
    if (at === null) continue;
    await db
      .updateTable('user_badges')
      .set({ achieved_at: at })
      .where('user_id', '=', badge.user_id)
      .where('badge_id', '=', badge.badge_id)
      .execute();
  }
}
