import {
  adminChallengeCreateEndpoint,
  adminChallengeListEndpoint,
  adminChallengeUpdateEndpoint,
  adminMissionCreateEndpoint,
  adminMissionDeleteEndpoint,
  adminMissionUpdateEndpoint,
  adminRoundCopyEndpoint,
  adminRoundCreateEndpoint,
  adminRoundDeleteEndpoint,
  adminRoundUpdateEndpoint,
  type AdminChallenge,
  type AdminRound,
  type MissionFields,
} from '@hamkke/contract/admin/challenges';
import { roundState } from '@hamkke/contract/challenge/round';
import { addDays } from '@hamkke/contract/dates';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  registerAuditedEndpoint,
  registerConsoleRead,
  type ConsoleKit,
} from '../../plugins/admin-endpoints.ts';
import type { RoundMissionsService } from '../missions/round-missions.service.ts';
import {
  periodOf,
  type RoundDraft,
  type RoundEditingService,
  type SubChallengeRow,
} from './round-editing.service.ts';
import { epochDay } from './team-view.ts';

type Db = Kysely<Database>;
type MissionInput = Required<MissionFields>;

/**
 * Challenges, rounds and missions as operators make them (decision 065). Challenges and rounds are
 * this module's (roundEditing: its rules refuse what would be impossible or would break a round
 * people are in), missions the missions module's (roundMissions, told the round's state). Each change
 * runs both owners' operations in the transaction the console opens (`trx`) and says what its audit
 * row records.
 */
function createChallengesConsole(deps: {
  db: Db;
  roundEditing: RoundEditingService;
  roundMissions: RoundMissionsService;
}) {
  const { db, roundEditing, roundMissions } = deps;

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

    createChallenge: async (
      trx: Db,
      input: { challengeType: 'challenge' | 'always'; title: string; description: string },
    ) => {
      const row = await roundEditing.createChallenge(input, trx);
      const [view] = await challengesView(trx, row.id);
      const audited = {
        action: 'challenge.create',
        target: `challenge:${row.id}`,
        after: input,
      };
      return { answer: view!, audit: audited };
    },

    updateChallenge: async (trx: Db, challengeId: number, input: { title: string; description: string }) => {
      const before = await roundEditing.updateChallenge(challengeId, input, trx);
      const audited = {
        action: 'challenge.update',
        target: `challenge:${challengeId}`,
        before: { title: before.title, description: before.description },
        after: input,
      };
      return { answer: (await challengesView(trx, challengeId))[0]!, audit: audited };
    },

    createRound: async (trx: Db, challengeId: number, input: RoundDraft & { missions: MissionInput[] }) => {
      const { row, state } = await roundEditing.createRound(challengeId, input, trx);
      await roundMissions.add(row.id, state, input.missions, trx);
      const view = await roundView(trx, row.id);
      const audited = {
        action: 'round.create',
        target: `round:${row.id}`,
        after: { challengeId: String(challengeId), round: row.round, ...input },
      };
      return { answer: view, audit: audited };
    },

    /** The next round as a copy of this one (the contract's `rounds/copy`), in one transaction. */
    copyRound: async (trx: Db, subChallengeId: number, title?: string) => {
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
      const audited = {
        action: 'round.copy',
        target: `round:${created.row.id}`,
        before: { copiedFrom: String(subChallengeId) },
        after: { round: created.row.round, ...draft, missions: copies },
      };
      return { answer: view, audit: audited };
    },

    updateRound: async (trx: Db, subChallengeId: number, input: RoundDraft) => {
      const before = await roundView(trx, subChallengeId);
      await roundEditing.updateRound(subChallengeId, input, trx);
      const after = await roundView(trx, subChallengeId);
      const { missions: _before, ...beforeSummary } = before;
      const audited = {
        action: 'round.update',
        target: `round:${subChallengeId}`,
        before: beforeSummary,
        after: input,
      };
      return { answer: after, audit: audited };
    },

    deleteRound: async (trx: Db, subChallengeId: number) => {
      const before = await roundView(trx, subChallengeId);
      await roundEditing.deleteRound(subChallengeId, trx);
      const audited = { action: 'round.delete', target: `round:${subChallengeId}`, before };
      return { answer: { deleted: true as const }, audit: audited };
    },

    createMission: async (trx: Db, subChallengeId: number, input: MissionInput) => {
      const { state } = await roundEditing.roundState(subChallengeId, trx);
      await roundMissions.add(subChallengeId, state, [input], trx);
      const audited = {
        action: 'mission.create',
        target: `round:${subChallengeId}`,
        after: input,
      };
      return { answer: await roundView(trx, subChallengeId), audit: audited };
    },

    updateMission: async (trx: Db, missionId: number, input: MissionInput) => {
      const mission = await roundMissions.missionOrThrow(missionId, trx);
      const { state } = await roundEditing.roundState(mission.sub_challenge_id, trx);
      await roundMissions.update(mission, state, input, trx);
      const audited = {
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
      };
      return { answer: await roundView(trx, mission.sub_challenge_id), audit: audited };
    },

    deleteMission: async (trx: Db, missionId: number) => {
      const mission = await roundMissions.missionOrThrow(missionId, trx);
      const { state } = await roundEditing.roundState(mission.sub_challenge_id, trx);
      await roundMissions.remove(mission, state, trx);
      const audited = {
        action: 'mission.delete',
        target: `mission:${missionId}`,
        before: { title: mission.title, roundId: String(mission.sub_challenge_id) },
      };
      return { answer: await roundView(trx, mission.sub_challenge_id), audit: audited };
    },
  };
}

/** The console's challenges, rounds and missions (content). */
export function registerChallengesConsole(
  app: FastifyInstance,
  kit: ConsoleKit,
  services: { roundEditing: RoundEditingService; roundMissions: RoundMissionsService },
): void {
  const challenges = createChallengesConsole({ db: kit.db, ...services });
  registerConsoleRead(app, kit, adminChallengeListEndpoint, () => challenges.list());
  registerAuditedEndpoint(app, kit, adminChallengeCreateEndpoint, ({ body, trx }) =>
    challenges.createChallenge(trx, body),
  );
  registerAuditedEndpoint(app, kit, adminChallengeUpdateEndpoint, ({ body, trx }) =>
    challenges.updateChallenge(trx, body.challengeId, body),
  );
  registerAuditedEndpoint(app, kit, adminRoundCreateEndpoint, ({ body, trx }) => {
    const { challengeId, ...round } = body;
    return challenges.createRound(trx, challengeId, round);
  });
  registerAuditedEndpoint(app, kit, adminRoundCopyEndpoint, ({ body, trx }) =>
    challenges.copyRound(trx, body.subChallengeId, body.title),
  );
  registerAuditedEndpoint(app, kit, adminRoundUpdateEndpoint, ({ body, trx }) => {
    const { subChallengeId, ...round } = body;
    return challenges.updateRound(trx, subChallengeId, round);
  });
  registerAuditedEndpoint(app, kit, adminRoundDeleteEndpoint, ({ body, trx }) =>
    challenges.deleteRound(trx, body.subChallengeId),
  );
  registerAuditedEndpoint(app, kit, adminMissionCreateEndpoint, ({ body, trx }) => {
    const { subChallengeId, ...mission } = body;
    return challenges.createMission(trx, subChallengeId, mission);
  });
  registerAuditedEndpoint(app, kit, adminMissionUpdateEndpoint, ({ body, trx }) => {
    const { missionId, ...mission } = body;
    return challenges.updateMission(trx, missionId, mission);
  });
  registerAuditedEndpoint(app, kit, adminMissionDeleteEndpoint, ({ body, trx }) =>
    challenges.deleteMission(trx, body.missionId),
  );
}
