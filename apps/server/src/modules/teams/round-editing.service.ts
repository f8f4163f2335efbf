import type { RoundFields } from '@hamkke/contract/admin/challenges';
import { roundState, type RoundState } from '@hamkke/contract/challenge/round';
import { seoulDay } from '@hamkke/contract/dates';
import type { FieldError } from '@hamkke/contract/envelope';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RoundMissionsService } from '../missions/round-missions.service.ts';
import {
  deleteRound,
  findChallenge,
  findChallenges,
  findRound,
  findRoundsOfChallenges,
  findTeamSizes,
  insertChallenge,
  insertRound,
  nextRoundNumber,
  updateChallenge,
  updateRound,
  type SubChallengeRow,
} from './round-editing.repository.ts';

export type { ChallengeRow, SubChallengeRow } from './round-editing.repository.ts';

type Db = Kysely<Database>;
/** A round as an operator writes it: every field, an always round without an end. */
export type RoundDraft = Required<Omit<RoundFields, 'endDate'>> & { endDate: string | null };

export const periodOf = (row: SubChallengeRow) => ({
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

const roundRow = (input: RoundDraft) => ({
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

/**
 * Challenges and rounds as operators make them (the console). Refused: what would be impossible or
 * would break a round people are in — periods out of order, a round whose running days overlap
 * another round of its challenge, recruiting that opens in the past, moving a running round's
 * start, a capacity below a team's head count, deleting a round that has begun or has teams. A
 * round's missions are the missions module's. Writes run inside the caller's transaction when given
 * one; the app reads these tables directly, so a new round is on `/challenge` at once.
 */
export function createRoundEditingService(deps: {
  db: Db;
  clock: Clock;
  roundMissions: RoundMissionsService;
}) {
  const { db, clock } = deps;
  const today = () => seoulDay(clock());

  async function challengeOrThrow(trx: Db, challengeId: number) {
    const challenge = await findChallenge(trx, challengeId);
    if (!challenge) throw new AppError('NOT_FOUND', 'No such challenge');
    return challenge;
  }

  async function roundStateOf(
    trx: Db,
    subChallengeId: number,
  ): Promise<{ row: SubChallengeRow; state: RoundState }> {
    const row = await findRound(trx, subChallengeId);
    if (!row) throw new AppError('NOT_FOUND', 'No such round');
    return { row, state: roundState(periodOf(row), today()) };
  }

  /** The checks every round write shares: the end fits the challenge, no overlap with its other rounds. */
  async function checkRound(
    trx: Db,
    challenge: { id: number; challenge_type: 'challenge' | 'always' },
    input: RoundDraft,
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

  return {
    /** Every challenge (or one), newest first. */
    challenges: (challengeId?: number, trx: Db = db) => findChallenges(trx, challengeId),
    /** The rounds of these challenges, latest round first. */
    roundsOf: (challengeIds: readonly number[], trx: Db = db) => findRoundsOfChallenges(trx, challengeIds),
    /** Teams per round and the largest team's head count (rounds without teams left out). */
    teamSizes: (subChallengeIds: readonly number[], trx: Db = db) => findTeamSizes(trx, subChallengeIds),
    /** A round and its state today; NOT_FOUND without one. */
    roundState: (subChallengeId: number, trx: Db = db) => roundStateOf(trx, subChallengeId),
    today,

    createChallenge: (
      input: { challengeType: 'challenge' | 'always'; title: string; description: string },
      trx?: Db,
    ) =>
      inTransaction(db, trx, (trx) =>
        insertChallenge(trx, {
          challenge_type: input.challengeType,
          title: input.title,
          description: input.description,
          created_at: clock().toISOString(),
        }),
      ),

    /** The challenge's new title and description; what it was before. */
    updateChallenge: (challengeId: number, input: { title: string; description: string }, trx?: Db) =>
      inTransaction(db, trx, async (trx) => {
        const before = await challengeOrThrow(trx, challengeId);
        await updateChallenge(trx, challengeId, { title: input.title, description: input.description });
        return before;
      }),

    /** A new round, numbered after the challenge's last; its missions are added by the caller. */
    createRound: (challengeId: number, input: RoundDraft, trx?: Db) =>
      inTransaction(db, trx, async (trx) => {
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
        return { row, state: roundState(periodOf(row), today()) };
      }),

    /**
     * A round's fields changed as far as its state allows: an ended round is history; once
     * recruiting opens its opening is fixed, once it runs its recruiting and start are, and its end
     * cannot come before today; the capacity never drops below a team's head count.
     */
    updateRound: (subChallengeId: number, input: RoundDraft, trx?: Db) =>
      inTransaction(db, trx, async (trx) => {
        const { row, state } = await roundStateOf(trx, subChallengeId);
        if (state === 'ended') throw new AppError('CONFLICT', 'An ended round is history');
        const largestTeam = Number((await findTeamSizes(trx, [subChallengeId]))[0]?.largest ?? 0);
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
        if (input.maxUser < largestTeam) {
          fields.push({
            path: 'maxUser',
            code: 'TOO_SHORT',
            message: `a team already has ${largestTeam} people`,
          });
        }
        if (fields.length > 0) throw refuse('The change would break the round', fields);
        await checkRound(trx, await challengeOrThrow(trx, row.challenge_id), input, subChallengeId);
        await updateRound(trx, subChallengeId, roundRow(input));
      }),

    /** A round deleted with its missions, only before it begins and while it has no teams. */
    deleteRound: (subChallengeId: number, trx?: Db) =>
      inTransaction(db, trx, async (trx) => {
        const { state } = await roundStateOf(trx, subChallengeId);
        if (state === 'running' || state === 'ended') {
          throw new AppError('CONFLICT', 'A round that has begun cannot be deleted');
        }
        if (Number((await findTeamSizes(trx, [subChallengeId]))[0]?.teams ?? 0) > 0) {
          throw new AppError('CONFLICT', 'The round has teams');
        }
        await deps.roundMissions.removeAllOfRound(subChallengeId, trx);
        await deleteRound(trx, subChallengeId);
      }),
  };
}
export type RoundEditingService = ReturnType<typeof createRoundEditingService>;
