import type { AdminChallenge, AdminRound, MissionFields } from '@hamkke/contract/admin/challenges';
import { roundState } from '@hamkke/contract/challenge/round';
import { addDays } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RoundMissionsService } from '../missions/round-missions.service.ts';
import {
  periodOf,
  type RoundDraft,
  type RoundEditingService,
  type SubChallengeRow,
} from '../teams/round-editing.service.ts';
import { epochDay } from '../teams/team-view.ts';
import type { Actor, AuditService } from './audit.service.ts';

type Db = Kysely<Database>;
type MissionInput = Required<MissionFields>;

/**
 * Challenges, rounds and missions as operators make them. Challenges and rounds are the teams
 * module's (roundEditing: its rules refuse what would be impossible or would break a round people
 * are in), missions the missions module's (roundMissions, told the round's state). This service
 * opens one transaction per change, runs both owners' operations in it and writes one audit row.
 */
export function createAdminChallengesService(deps: {
  db: Db;
  audit: AuditService;
  roundEditing: RoundEditingService;
  roundMissions: RoundMissionsService;
}) {
  const { db, audit, roundEditing, roundMissions } = deps;

  async function roundsView(trx: Db, rounds: SubChallengeRow[]): Promise<AdminRound[]> {
    const ids = rounds.map((round) => round.id);
    const [missions, sizes] = await Promise.all([
      roundMissions.withCounts(ids, trx),
      roundEditing.teamSizes(ids, trx),
    ]);
    const day = roundEditing.today();
    return rounds.map((row) => {
      const size = sizes.find((entry) => entry.sub_challenge_id === row.id);
      return {
        subChallengeId: String(row.id),
        challengeId: String(row.challenge_id),
        round: row.round,
        title: row.title,
        recruitStart: row.recruit_start,
        recruitEnd: row.recruit_end,
        startDate: row.start_date,
        endDate: row.end_date,
        maxUser: row.max_user,
        rewardThresholdPct: row.reward_threshold_pct,
        paidRewardAmount: row.paid_reward_amount,
        paidRewardUnit: row.paid_reward_unit,
        paidRewardItem: row.paid_reward_item,
        trafficRewardMb: row.traffic_reward_mb,
        state: roundState(periodOf(row), day),
        teams: Number(size?.teams ?? 0),
        largestTeam: Number(size?.largest ?? 0),
        missions: missions
          .filter((mission) => mission.sub_challenge_id === row.id)
          .map((mission) => ({
            missionId: String(mission.id),
            title: mission.title,
            description: mission.description,
            icon: mission.icon,
            proofType: mission.proof_type,
            sort: mission.sort,
            certifications: Number(mission.certifications),
          })),
      };
    });
  }

  async function challengesView(trx: Db, challengeId?: number): Promise<AdminChallenge[]> {
    const challenges = await roundEditing.challenges(challengeId, trx);
    const rounds = await roundsView(
      trx,
      await roundEditing.roundsOf(
        challenges.map((challenge) => challenge.id),
        trx,
      ),
    );
    return challenges.map((challenge) => ({
      challengeId: String(challenge.id),
      challengeType: challenge.challenge_type,
      title: challenge.title,
      description: challenge.description,
      createdAt: challenge.created_at,
      rounds: rounds.filter((round) => round.challengeId === String(challenge.id)),
    }));
  }

  async function roundView(trx: Db, subChallengeId: number): Promise<AdminRound> {
    const { row } = await roundEditing.roundState(subChallengeId, trx);
    return (await roundsView(trx, [row]))[0]!;
  }

  return {
    list: async () => ({ items: await challengesView(db) }),

    createChallenge: (
      actor: Actor,
      input: { challengeType: 'challenge' | 'always'; title: string; description: string },
    ) =>
      db.transaction().execute(async (trx) => {
        const row = await roundEditing.createChallenge(input, trx);
        const [view] = await challengesView(trx, row.id);
        await audit.record(trx, actor, {
          action: 'challenge.create',
          target: `challenge:${row.id}`,
          after: input,
        });
        return view!;
      }),

    updateChallenge: (actor: Actor, challengeId: number, input: { title: string; description: string }) =>
      db.transaction().execute(async (trx) => {
        const before = await roundEditing.updateChallenge(challengeId, input, trx);
        await audit.record(trx, actor, {
          action: 'challenge.update',
          target: `challenge:${challengeId}`,
          before: { title: before.title, description: before.description },
          after: input,
        });
        return (await challengesView(trx, challengeId))[0]!;
      }),

    createRound: (actor: Actor, challengeId: number, input: RoundDraft & { missions: MissionInput[] }) =>
      db.transaction().execute(async (trx) => {
        const { row, state } = await roundEditing.createRound(challengeId, input, trx);
        await roundMissions.add(row.id, state, input.missions, trx);
        const view = await roundView(trx, row.id);
        await audit.record(trx, actor, {
          action: 'round.create',
          target: `round:${row.id}`,
          after: { challengeId: String(challengeId), round: row.round, ...input },
        });
        return view;
      }),

    /** The next round as a copy of this one (the contract's `rounds/copy`), in one transaction. */
    copyRound: (actor: Actor, subChallengeId: number, title?: string) =>
      db.transaction().execute(async (trx) => {
        const { row } = await roundEditing.roundState(subChallengeId, trx);
        if (row.end_date === null) {
          throw new AppError('CONFLICT', 'An always round runs on: there is no length to copy');
        }
        const length = epochDay(row.end_date) - epochDay(row.start_date) + 1;
        let shift = length;
        while (addDays(row.recruit_start, shift) < roundEditing.today()) shift += length;
        const missions = await roundMissions.withCounts([subChallengeId], trx);
        const numbered = new RegExp(`${row.round}기`);
        const draft: RoundDraft = {
          title:
            title ??
            (numbered.test(row.title)
              ? row.title.replace(numbered, `${row.round + 1}기`)
              : `${row.title} (복사)`.slice(0, 60)),
          recruitStart: addDays(row.recruit_start, shift),
          recruitEnd: addDays(row.recruit_end, shift),
          startDate: addDays(row.start_date, shift),
          endDate: addDays(row.end_date, shift),
          maxUser: row.max_user,
          rewardThresholdPct: row.reward_threshold_pct,
          paidRewardAmount: row.paid_reward_amount,
          paidRewardUnit: row.paid_reward_unit,
          paidRewardItem: row.paid_reward_item,
          trafficRewardMb: row.traffic_reward_mb,
        };
        const copies: MissionInput[] = missions.map((mission) => ({
          title: mission.title,
          description: mission.description,
          icon: mission.icon,
          proofType: mission.proof_type,
          sort: mission.sort,
        }));
        const created = await roundEditing.createRound(row.challenge_id, draft, trx);
        await roundMissions.add(created.row.id, created.state, copies, trx);
        const view = await roundView(trx, created.row.id);
        await audit.record(trx, actor, {
          action: 'round.copy',
          target: `round:${created.row.id}`,
          before: { copiedFrom: String(subChallengeId) },
          after: { round: created.row.round, ...draft, missions: copies },
        });
        return view;
      }),

    updateRound: (actor: Actor, subChallengeId: number, input: RoundDraft) =>
      db.transaction().execute(async (trx) => {
        const before = await roundView(trx, subChallengeId);
        await roundEditing.updateRound(subChallengeId, input, trx);
        const after = await roundView(trx, subChallengeId);
        const { missions: _before, ...beforeSummary } = before;
        await audit.record(trx, actor, {
          action: 'round.update',
          target: `round:${subChallengeId}`,
          before: beforeSummary,
          after: input,
        });
        return after;
      }),

    deleteRound: (actor: Actor, subChallengeId: number) =>
      db.transaction().execute(async (trx) => {
        const before = await roundView(trx, subChallengeId);
        await roundEditing.deleteRound(subChallengeId, trx);
        await audit.record(trx, actor, { action: 'round.delete', target: `round:${subChallengeId}`, before });
        return { deleted: true as const };
      }),

    createMission: (actor: Actor, subChallengeId: number, input: MissionInput) =>
      db.transaction().execute(async (trx) => {
        const { state } = await roundEditing.roundState(subChallengeId, trx);
        await roundMissions.add(subChallengeId, state, [input], trx);
        await audit.record(trx, actor, {
          action: 'mission.create',
          target: `round:${subChallengeId}`,
          after: input,
        });
        return roundView(trx, subChallengeId);
      }),

    updateMission: (actor: Actor, missionId: number, input: MissionInput) =>
      db.transaction().execute(async (trx) => {
        const mission = await roundMissions.missionOrThrow(missionId, trx);
        const { state } = await roundEditing.roundState(mission.sub_challenge_id, trx);
        await roundMissions.update(mission, state, input, trx);
        await audit.record(trx, actor, {
          action: 'mission.update',
          target: `mission:${missionId}`,
          before: {
            title: mission.title,
            description: mission.description,
            icon: mission.icon,
            proofType: mission.proof_type,
            sort: mission.sort,
          },
          after: input,
        });
        return roundView(trx, mission.sub_challenge_id);
      }),

    deleteMission: (actor: Actor, missionId: number) =>
      db.transaction().execute(async (trx) => {
        const mission = await roundMissions.missionOrThrow(missionId, trx);
        const { state } = await roundEditing.roundState(mission.sub_challenge_id, trx);
        await roundMissions.remove(mission, state, trx);
        await audit.record(trx, actor, {
          action: 'mission.delete',
          target: `mission:${missionId}`,
          before: { title: mission.title, roundId: String(mission.sub_challenge_id) },
        });
        return roundView(trx, mission.sub_challenge_id);
      }),
  };
}
