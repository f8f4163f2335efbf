import type { AchievedBadge, BadgeKind, BadgeStatus } from '@hamkke/contract/user/badges';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import {
  countCertifications,
  countCompletedRounds,
  countInvitesAccepted,
  countTeamsJoined,
  findCertifiedDays,
  findRules,
  findUserBadges,
  insertReachedBadges,
  insertUserBadges,
  claimUnseenBadges,
  markBadgesSeen,
  type BadgeCandidates,
  type BadgeRuleRow,
  type UserBadgeRow,
} from './badges.repository.ts';
import { streakOf } from './streaks.ts';

type Db = Kysely<Database>;

/** People per set-based statement when they are named by id (well under the parameter limits). */
const PEOPLE_PER_BATCH = 1000;

function toBadge(row: BadgeRuleRow) {
  return {
    badgeId: String(row.id),
    kind: row.kind,
    threshold: row.threshold,
    name: row.name,
    description: row.description,
    emoji: row.emoji,
    imageUrl: row.image_url,
  };
}

function toAchieved(row: UserBadgeRow): AchievedBadge {
  return { ...toBadge(row), achievedAt: row.achieved_at, seen: row.seen_at !== null };
}

/** 배지는 그 종류의 진행도가 기준값에 닿으면 얻어요 (기준값과 같아도). */
export function rulesReached<R extends { kind: BadgeKind; threshold: number }>(
  rules: readonly R[],
  progress: ReadonlyMap<BadgeKind, number>,
): R[] {
  return rules.filter((rule) => (progress.get(rule.kind) ?? 0) >= rule.threshold);
}

/**
 * Badges earned from a person's history. Rules are rows (kind + threshold); granting runs in the
 * transaction of the event that earns it and is safe to repeat (a badge's primary key is the person
 * and the rule). Deleting a certification takes nothing back: a badge is achieved once.
 */
export function createBadgesService(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  const today = () => seoulToday(deps.clock);

  /** Where a person stands for each kind asked: the number a rule's threshold is compared with. */
  async function progressOf(executor: Db, userId: number, kinds: readonly BadgeKind[]) {
    const progress = new Map<BadgeKind, number>();
    const wants = (...names: BadgeKind[]) => names.some((name) => kinds.includes(name));
    if (wants('FIRST_CERTIFICATION', 'CERTIFICATION_COUNT')) {
      const count = await countCertifications(executor, userId);
      progress.set('FIRST_CERTIFICATION', count);
      progress.set('CERTIFICATION_COUNT', count);
    }
    if (wants('STREAK')) {
      progress.set('STREAK', streakOf(await findCertifiedDays(executor, userId), today()).longest);
    }
    if (wants('FIRST_TEAM')) progress.set('FIRST_TEAM', await countTeamsJoined(executor, userId));
    if (wants('FIRST_INVITE_ACCEPTED')) {
      progress.set('FIRST_INVITE_ACCEPTED', await countInvitesAccepted(executor, userId));
    }
    if (wants('CHALLENGE_COMPLETED')) {
      progress.set('CHALLENGE_COMPLETED', await countCompletedRounds(executor, userId));
    }
    return progress;
  }

  /** Grants every rule of these kinds the person now reaches; answers how many badges are new. */
  async function evaluate(executor: Db, userId: number, kinds: readonly BadgeKind[], at: string) {
    const rules = await findRules(executor, kinds);
    if (rules.length === 0) return 0;
    const progress = await progressOf(executor, userId, kinds);
    const reached = rulesReached(rules, progress);
    return insertUserBadges(
      executor,
      userId,
      reached.map((rule) => rule.id),
      at,
    );
  }

  /**
   * The same grants as {@link evaluate} for each candidate, set-based (decision 052): one statement
   * per kind for everyone at once — a round's close grants its 100,000 members' badges in one.
   * Answers how many badges are new.
   */
  async function evaluateMany(
    executor: Db,
    candidates: BadgeCandidates,
    kinds: readonly BadgeKind[],
    at: string,
  ) {
    const ruled = new Set((await findRules(executor, kinds)).map((rule) => rule.kind));
    const batches: BadgeCandidates[] = [];
    if ('userIds' in candidates) {
      const userIds = [...new Set(candidates.userIds)];
      for (let index = 0; index < userIds.length; index += PEOPLE_PER_BATCH)
        batches.push({ userIds: userIds.slice(index, index + PEOPLE_PER_BATCH) });
    } else {
      batches.push(candidates);
    }
    let granted = 0;
    for (const batch of batches) {
      for (const kind of kinds.filter((name) => ruled.has(name)))
        granted += await insertReachedBadges(executor, kind, batch, at);
    }
    return granted;
  }

  return {
    evaluate,
    evaluateMany,

    async achieved(userId: number) {
      return { badges: (await findUserBadges(db, userId)).map(toAchieved) };
    },

    async count(userId: number) {
      const [achieved, rules] = await Promise.all([findUserBadges(db, userId), findRules(db)]);
      return { count: achieved.length, total: rules.length };
    },

    /** Every badge, achieved or not, with the person's progress toward each. */
    async status(userId: number): Promise<{ badges: BadgeStatus[]; streak: ReturnType<typeof streakOf> }> {
      const [rules, achieved, days] = await Promise.all([
        findRules(db),
        findUserBadges(db, userId),
        findCertifiedDays(db, userId),
      ]);
      const kinds = [...new Set(rules.map((rule) => rule.kind))];
      const progress = await progressOf(db, userId, kinds);
      const streak = streakOf(days, today());
      const achievedAt = new Map(achieved.map((row) => [row.id, row.achieved_at]));
      return {
        streak,
        badges: rules.map((rule) => {
          const at = achievedAt.get(rule.id) ?? null;
          // A streak is worked on from the current one; the rest count up over all time.
          const current =
            rule.kind === 'STREAK' && at === null ? streak.current : (progress.get(rule.kind) ?? 0);
          return {
            ...toBadge(rule),
            achieved: at !== null,
            achievedAt: at,
            progress: {
              current: at !== null ? rule.threshold : Math.min(current, rule.threshold),
              target: rule.threshold,
            },
          };
        }),
      };
    },

    /**
     * Unseen badges, each answered once: the call that answers a badge marks it seen in the same
     * statement (issue 26: ten concurrent calls all answered the same badges, so it popped up in every
     * tab). The ones in `seen` (shown by the popup) are marked first and never come back.
     */
    async newBadges(userId: number, seen: readonly number[]) {
      const at = deps.clock().toISOString();
      await markBadgesSeen(db, userId, seen, at);
      const claimed = await claimUnseenBadges(db, userId, at);
      if (claimed.length === 0) return { badges: [] };
      const rows = await findUserBadges(db, userId, { badgeIds: claimed });
      // New to the person when this call read them.
      return { badges: rows.map((row) => ({ ...toAchieved(row), seen: false })) };
    },

    async first(userId: number) {
      const rows = await findUserBadges(db, userId);
      const oldest = [...rows].sort(
        (a, b) => a.achieved_at.localeCompare(b.achieved_at) || a.sort - b.sort,
      )[0];
      return { badge: oldest ? toAchieved(oldest) : null };
    },

    async activity(userId: number) {
      const [rules, achieved, days, total] = await Promise.all([
        findRules(db),
        findUserBadges(db, userId),
        findCertifiedDays(db, userId),
        countCertifications(db, userId),
      ]);
      return {
        streak: streakOf(days, today()),
        totalCertifications: total,
        achievedCount: achieved.length,
        totalBadges: rules.length,
        recent: achieved.slice(0, 3).map(toAchieved),
      };
    },
  };
}
export type BadgesService = ReturnType<typeof createBadgesService>;
