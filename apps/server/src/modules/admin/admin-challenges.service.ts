import type {
  AdminChallenge,
  AdminRound,
  AdminRoundState,
  MissionFields,
  RoundFields,
} from '@hamkke/contract/admin/challenges';
import { roundState } from '@hamkke/contract/challenge/round';
import type { FieldError } from '@hamkke/contract/envelope';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import {
  deleteMission,
  deleteRound,
  findChallenge,
  findChallenges,
  findMission,
  findMissionsWithCounts,
  findRound,
  findRoundsOfChallenges,
  findTeamSizes,
  insertChallenge,
  insertMission,
  insertRound,
  nextRoundNumber,
  updateChallenge,
  updateMission,
  updateRound,
  type SubChallengeRow,
} from './admin-challenges.repository.ts';
import type { Actor, AuditService } from './audit.service.ts';

type Db = Kysely<Database>;
type RoundInput = Required<Omit<RoundFields, 'endDate'>> & { endDate: string | null };
type MissionInput = Required<MissionFields>;

const periodOf = (row: SubChallengeRow) => ({
  recruitStart: row.recruit_start,
  recruitEnd: row.recruit_end,
  startDate: row.start_date,
  endDate: row.end_date,
});

const refuse = (message: string, fields: (Omit<FieldError, 'code'> & Partial<FieldError>)[]) =>
  new AppError('VALIDATION_FAILED', message, fields);

/** Running periods [start, end] (an open end runs for ever) that share a day. */
function overlaps(a: { start: string; end: string | null }, b: { start: string; end: string | null }) {
  return (a.end === null || b.start <= a.end) && (b.end === null || a.start <= b.end);
}

/**
 * Challenges, rounds and missions as operators make them. The server refuses what would be
 * impossible or would break a round people are in: periods out of order, a round whose running days
 * overlap another round of its challenge, recruiting that opens in the past, moving a running round's
 * start, a capacity below a team's head count, deleting a running round's missions. Every change
 * writes one audit row in its transaction; the app reads these tables directly, so a new round is on
 * `/challenge` at once.
 */
export function createAdminChallengesService(deps: { db: Db; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  const today = () => seoulToday(clock);

  async function roundsView(trx: Db, rounds: SubChallengeRow[]): Promise<AdminRound[]> {
    const ids = rounds.map((round) => round.id);
    const [missions, sizes] = await Promise.all([findMissionsWithCounts(trx, ids), findTeamSizes(trx, ids)]);
    const day = today();
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
    const challenges = await findChallenges(trx, challengeId);
    const rounds = await roundsView(
      trx,
      await findRoundsOfChallenges(
        trx,
        challenges.map((challenge) => challenge.id),
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
    const row = await findRound(trx, subChallengeId);
    if (!row) throw new AppError('NOT_FOUND', 'No such round');
    return (await roundsView(trx, [row]))[0]!;
  }

  async function challengeOrThrow(trx: Db, challengeId: number) {
    const challenge = await findChallenge(trx, challengeId);
    if (!challenge) throw new AppError('NOT_FOUND', 'No such challenge');
    return challenge;
  }

  /** The checks every round write shares: the end fits the challenge, no overlap with its other rounds. */
  async function checkRound(
    trx: Db,
    challenge: { id: number; challenge_type: 'challenge' | 'always' },
    input: RoundInput,
    selfId: number | null,
  ) {
    if (challenge.challenge_type === 'challenge' && input.endDate === null) {
      throw refuse('A challenge round ends', [
        { path: 'endDate', message: 'a challenge round needs an end' },
      ]);
    }
    if (challenge.challenge_type === 'always' && input.endDate !== null) {
      throw refuse('An always round has no end', [
        { path: 'endDate', message: 'an always round never ends' },
      ]);
    }
    const others = (await findRoundsOfChallenges(trx, [challenge.id])).filter((row) => row.id !== selfId);
    const clash = others.find((row) =>
      overlaps({ start: row.start_date, end: row.end_date }, { start: input.startDate, end: input.endDate }),
    );
    if (clash) {
      throw refuse(`The running days overlap round ${clash.round}`, [
        {
          path: 'startDate',
          code: 'TAKEN',
          message: `overlaps round ${clash.round} (${clash.start_date}–${clash.end_date ?? ''})`,
        },
      ]);
    }
  }

  const roundRow = (input: RoundInput) => ({
    title: input.title,
    recruit_start: input.recruitStart,
    recruit_end: input.recruitEnd,
    start_date: input.startDate,
    end_date: input.endDate,
    max_user: input.maxUser,
    reward_threshold_pct: input.rewardThresholdPct,
    paid_reward_amount: input.paidRewardAmount,
    paid_reward_unit: input.paidRewardUnit,
    paid_reward_item: input.paidRewardItem,
    traffic_reward_mb: input.trafficRewardMb,
  });

  const missionRow = (input: MissionInput) => ({
    title: input.title,
    description: input.description,
    icon: input.icon,
    proof_type: input.proofType,
    sort: input.sort,
  });

  async function roundStateOf(
    trx: Db,
    subChallengeId: number,
  ): Promise<{ row: SubChallengeRow; state: AdminRoundState }> {
    const row = await findRound(trx, subChallengeId);
    if (!row) throw new AppError('NOT_FOUND', 'No such round');
    return { row, state: roundState(periodOf(row), today()) };
  }

  return {
    list: async () => ({ items: await challengesView(db) }),

    createChallenge: (
      actor: Actor,
      input: { challengeType: 'challenge' | 'always'; title: string; description: string },
    ) =>
      db.transaction().execute(async (trx) => {
        const row = await insertChallenge(trx, {
          challenge_type: input.challengeType,
          title: input.title,
          description: input.description,
          created_at: clock().toISOString(),
        });
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
        const before = await challengeOrThrow(trx, challengeId);
        await updateChallenge(trx, challengeId, { title: input.title, description: input.description });
        await audit.record(trx, actor, {
          action: 'challenge.update',
          target: `challenge:${challengeId}`,
          before: { title: before.title, description: before.description },
          after: input,
        });
        return (await challengesView(trx, challengeId))[0]!;
      }),

    createRound: (actor: Actor, challengeId: number, input: RoundInput & { missions: MissionInput[] }) =>
      db.transaction().execute(async (trx) => {
        const challenge = await challengeOrThrow(trx, challengeId);
        if (input.recruitStart < today()) {
          throw refuse('Recruiting cannot open in the past', [
            { path: 'recruitStart', message: 'must be today or later' },
          ]);
        }
        await checkRound(trx, challenge, input, null);
        const row = await insertRound(trx, {
          challenge_id: challengeId,
          round: await nextRoundNumber(trx, challengeId),
          ...roundRow(input),
        });
        for (const mission of input.missions) {
          await insertMission(trx, { sub_challenge_id: row.id, ...missionRow(mission) });
        }
        const view = await roundView(trx, row.id);
        await audit.record(trx, actor, {
          action: 'round.create',
          target: `round:${row.id}`,
          after: { challengeId: String(challengeId), round: row.round, ...input },
        });
        return view;
      }),

    updateRound: (actor: Actor, subChallengeId: number, input: RoundInput) =>
      db.transaction().execute(async (trx) => {
        const { row, state } = await roundStateOf(trx, subChallengeId);
        const before = await roundView(trx, subChallengeId);
        if (state === 'ended') throw new AppError('CONFLICT', 'An ended round is history');
        const fields: (Omit<FieldError, 'code'> & Partial<FieldError>)[] = [];
        const fixed = (path: 'recruitStart' | 'recruitEnd' | 'startDate', was: string, now: string) => {
          if (was !== now) {
            fields.push({ path, code: 'INVALID_VALUE', message: 'cannot change once the round has begun' });
          }
        };
        if (state === 'running') {
          fixed('recruitStart', row.recruit_start, input.recruitStart);
          fixed('recruitEnd', row.recruit_end, input.recruitEnd);
          fixed('startDate', row.start_date, input.startDate);
          if (input.endDate !== null && input.endDate < today()) {
            fields.push({ path: 'endDate', message: 'a running round cannot end before today' });
          }
        } else if (state === 'recruiting') {
          fixed('recruitStart', row.recruit_start, input.recruitStart);
          if (input.recruitEnd < today())
            fields.push({ path: 'recruitEnd', message: 'must be today or later' });
        } else if (input.recruitStart < today() && input.recruitStart !== row.recruit_start) {
          fields.push({ path: 'recruitStart', message: 'must be today or later' });
        }
        if (input.maxUser < before.largestTeam) {
          fields.push({
            path: 'maxUser',
            code: 'TOO_SHORT',
            message: `a team already has ${before.largestTeam} people`,
          });
        }
        if (fields.length > 0) throw refuse('The change would break the round', fields);
        await checkRound(trx, await challengeOrThrow(trx, row.challenge_id), input, subChallengeId);
        await updateRound(trx, subChallengeId, roundRow(input));
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
        const { state } = await roundStateOf(trx, subChallengeId);
        const before = await roundView(trx, subChallengeId);
        if (state === 'running' || state === 'ended') {
          throw new AppError('CONFLICT', 'A round that has begun cannot be deleted');
        }
        if (before.teams > 0) throw new AppError('CONFLICT', 'The round has teams');
        await deleteRound(trx, subChallengeId);
        await audit.record(trx, actor, { action: 'round.delete', target: `round:${subChallengeId}`, before });
        return { deleted: true as const };
      }),

    createMission: (actor: Actor, subChallengeId: number, input: MissionInput) =>
      db.transaction().execute(async (trx) => {
        const { state } = await roundStateOf(trx, subChallengeId);
        if (state === 'ended') throw new AppError('CONFLICT', 'An ended round is history');
        await insertMission(trx, { sub_challenge_id: subChallengeId, ...missionRow(input) });
        await audit.record(trx, actor, {
          action: 'mission.create',
          target: `round:${subChallengeId}`,
          after: input,
        });
        return roundView(trx, subChallengeId);
      }),

    updateMission: (actor: Actor, missionId: number, input: MissionInput) =>
      db.transaction().execute(async (trx) => {
        const mission = await findMission(trx, missionId);
        if (!mission) throw new AppError('NOT_FOUND', 'No such mission');
        const { state } = await roundStateOf(trx, mission.sub_challenge_id);
        if (state === 'ended') throw new AppError('CONFLICT', 'An ended round is history');
        if (state === 'running' && input.proofType !== mission.proof_type) {
          throw refuse('The proof type is fixed once the round runs', [
            { path: 'proofType', code: 'INVALID_VALUE', message: 'cannot change while the round runs' },
          ]);
        }
        await updateMission(trx, missionId, missionRow(input));
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
        const mission = await findMission(trx, missionId);
        if (!mission) throw new AppError('NOT_FOUND', 'No such mission');
        const { state } = await roundStateOf(trx, mission.sub_challenge_id);
        if (state === 'running' || state === 'ended') {
          throw new AppError('CONFLICT', "A running round's missions can be added, not deleted");
        }
        const round = await roundView(trx, mission.sub_challenge_id);
        if (round.missions.length <= 1) throw new AppError('CONFLICT', 'A round keeps at least one mission');
        if (
          round.missions.some((entry) => entry.missionId === String(missionId) && entry.certifications > 0)
        ) {
          throw new AppError('CONFLICT', 'The mission has certifications');
        }
        await deleteMission(trx, missionId);
        await audit.record(trx, actor, {
          action: 'mission.delete',
          target: `mission:${missionId}`,
          before: { title: mission.title, roundId: String(mission.sub_challenge_id) },
        });
        return roundView(trx, mission.sub_challenge_id);
      }),
  };
}
