import { seoulDay } from '@hamkke/contract/dates';
import type { RewardNotice } from '@hamkke/contract/reward/rewards';
import type { TimelineItem } from '@hamkke/contract/user/timeline';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TeamAccess } from '../../plugins/team-access.ts';
import type { RoundResultsService } from '../teams/round-results.service.ts';
import type { TeamsService } from '../teams/teams.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { rateOf, settledAtOf, toMedalAward, toReward } from './reward-views.ts';
import { findMedals, findRewards, findTimelineSources, sumRewards } from './rewards.repository.ts';

/**
 * What a person reads of rewards: their history (with their children's), a team's results and
 * rewards, the reward notice of a closed round, and their activity timeline.
 */
export function createRewardsService(deps: {
  db: Kysely<Database>;
  users: UsersService;
  teams: TeamsService;
  roundResults: RoundResultsService;
}) {
  const { db } = deps;

  /** The caller, or one of the caller's children; anyone else's history is not found. */
  async function personOf(callerId: number, userId: number | undefined): Promise<number> {
    if (userId === undefined || userId === callerId) return callerId;
    const family = await deps.users.familyIds(callerId);
    if (!family.includes(userId)) throw new AppError('NOT_FOUND', 'No such person in your family');
    return userId;
  }

  return {
    personOf,

    async history(userId: number, page: { offset: number; limit: number }) {
      const family = await deps.users.familyIds(userId);
      const [rows, totals, medals] = await Promise.all([
        findRewards(db, { userIds: family }, { offset: page.offset, limit: page.limit + 1 }),
        sumRewards(db, family),
        findMedals(db, { userIds: family }),
      ]);
      return {
        items: rows.slice(0, page.limit).map(toReward),
        hasMore: rows.length > page.limit,
        totals: totals.map((row) => ({
          kind: row.kind,
          unit: row.unit,
          amount: Number(row.amount ?? 0),
          count: Number(row.count),
          paidAmount: Number(row.paid_amount ?? 0),
          paidCount: Number(row.paid_count ?? 0),
        })),
        medals: medals.map(toMedalAward),
      };
    },

    /** A member's view of their team's results: place, medals, their family's rewards. */
    async teamWithReward(access: TeamAccess) {
      const { team, me, rewardThresholdPct } = await deps.teams.summary(access.teamId, access.userId);
      const family = await deps.users.familyIds(access.userId);
      const [result, rewards, medals] = await Promise.all([
        deps.roundResults.teamResult(access.teamId),
        findRewards(db, { userIds: family, teamId: access.teamId }),
        findMedals(db, { teamId: access.teamId }),
      ]);
      return {
        team,
        me: me!,
        closed: result !== null,
        teamRank: result?.rank ?? null,
        teamCount: result?.teamCount ?? 0,
        completionRate: result ? rateOf(result.certified, result.possible) : 0,
        rewardThreshold: rewardThresholdPct / 100,
        medals: medals.map(toMedalAward),
        rewards: rewards.map(toReward),
      };
    },

    /**
     * `/home`: the newest closed team whose notice the caller has not closed, with its results and
     * the family's rewards there (a parent's and their children's), each in its state.
     */
    async rewardNotice(userId: number): Promise<{ notice: RewardNotice | null }> {
      const pending = await deps.roundResults.pendingRewardNotice(userId);
      if (!pending) return { notice: null };
      const { team, me } = await deps.teams.summary(pending.team_id, userId);
      const family = await deps.users.familyIds(userId);
      const [teamResult, memberResult, rewards, medals] = await Promise.all([
        deps.roundResults.teamResult(pending.team_id),
        deps.roundResults.memberResult(pending.sub_challenge_id, userId),
        findRewards(db, { userIds: family, teamId: pending.team_id }),
        findMedals(db, { teamId: pending.team_id }),
      ]);
      return {
        notice: {
          teamId: team.teamId,
          teamMbrId: me!.teamMbrId,
          teamName: team.name,
          teamEmoji: team.emoji,
          challengeType: team.challengeType,
          challengeId: team.challengeId,
          subChallengeId: team.subChallengeId,
          roundTitle: team.roundTitle,
          endDate: team.endDate,
          teamRank: teamResult?.rank ?? null,
          memberRank: memberResult?.rank ?? null,
          completionRate: memberResult ? rateOf(memberResult.certified, memberResult.possible) : 0,
          medals: medals
            .filter((medal) => medal.scope === 'TEAM' || medal.user_id === userId)
            .map((medal) => medal.medal),
          rewards: rewards.map(toReward),
          rewardNoticeDisplayYn: me!.rewardNoticeDisplayYn,
        },
      };
    },

    /**
     * 활동 타임라인: certifications, badges, team joins, medals and rewards, newest first. Each kind
     * gives its newest `offset + limit + 1` rows (indexed by person and time) and the merge pages them.
     */
    async timeline(userId: number, page: { offset: number; limit: number }) {
      const want = page.offset + page.limit + 1;
      const sources = await findTimelineSources(db, userId, want);
      const items: TimelineItem[] = [
        ...sources.certifications.map((row) => ({
          kind: 'CERTIFICATION' as const,
          itemId: `CERTIFICATION:${row.id}`,
          occurredAt: row.created_at,
          day: row.certified_on,
          missionTitle: row.title,
          icon: row.icon,
          certificationId: String(row.id),
        })),
        ...sources.badges.map((row) => ({
          kind: 'BADGE' as const,
          itemId: `BADGE:${row.id}`,
          occurredAt: row.achieved_at,
          day: seoulDay(new Date(row.achieved_at)),
          badgeName: row.name,
          emoji: row.emoji,
        })),
        ...sources.joins.map((row) => ({
          kind: 'TEAM_JOIN' as const,
          itemId: `TEAM_JOIN:${row.id}`,
          occurredAt: row.joined_at,
          day: seoulDay(new Date(row.joined_at)),
          teamName: row.name,
          teamEmoji: row.emoji,
        })),
        ...sources.medals.map((row) => ({
          kind: 'MEDAL' as const,
          itemId: `MEDAL:${row.id}`,
          occurredAt: row.granted_at,
          day: seoulDay(new Date(row.granted_at)),
          medal: row.medal,
          scope: row.scope,
          rank: row.rank,
          teamName: row.team_name,
        })),
        ...sources.rewards.map((row) => ({
          kind: 'REWARD' as const,
          itemId: `REWARD:${row.id}`,
          occurredAt: row.granted_at,
          day: seoulDay(new Date(row.granted_at)),
          rewardKind: row.kind,
          unit: row.unit,
          amount: row.amount,
          itemName: row.item_name,
          status: row.status,
          settledAt: settledAtOf(row),
          roundTitle: row.round_title,
        })),
      ];
      items.sort((a, b) => b.occurredAt.localeCompare(a.occurredAt) || a.itemId.localeCompare(b.itemId));
      return {
        items: items.slice(page.offset, page.offset + page.limit),
        hasMore: items.length > page.offset + page.limit,
      };
    },
  };
}
export type RewardsService = ReturnType<typeof createRewardsService>;
