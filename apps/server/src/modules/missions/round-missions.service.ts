import type { RoundState } from '@hamkke/contract/challenge/round';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MissionsTable, ProofType } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  countMissionsOfRounds,
  deleteMission,
  deleteMissionsOfRound,
  findMission,
  findMissionsWithCounts,
  insertMission,
  updateMission,
} from './round-missions.repository.ts';

type Db = Kysely<Database>;
export type MissionRow = Selectable<MissionsTable>;

/** A mission as an operator writes it. */
export interface MissionDraft {
  title: string;
  description: string;
  icon: string;
  proofType: ProofType;
  sort: number;
}

const missionRow = (draft: MissionDraft) => ({
  title: draft.title,
  description: draft.description,
  icon: draft.icon,
  proof_type: draft.proofType,
  sort: draft.sort,
});

/**
 * The missions of rounds as operators make them. A round's state (teams owns rounds) decides what
 * may change: an ended round is history; while it runs, missions are added but not deleted, and
 * their proof type is fixed. Each write runs inside the caller's transaction when given one.
 */
export function createRoundMissionsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Missions of these rounds, by sort, with how many certifications each has. */
    withCounts: (subChallengeIds: readonly number[], trx: Db = db) =>
      findMissionsWithCounts(trx, subChallengeIds),

    /** How many missions each of these rounds has (rounds without any left out). */
    countsOfRounds: (subChallengeIds: readonly number[]) => countMissionsOfRounds(db, subChallengeIds),

    async missionOrThrow(missionId: number, trx: Db = db): Promise<MissionRow> {
      const mission = await findMission(trx, missionId);
      if (!mission) throw new AppError('NOT_FOUND', 'No such mission');
      return mission;
    },

    /** New missions of a round that has not ended. */
    add: (subChallengeId: number, state: RoundState, drafts: readonly MissionDraft[], trx?: Db) =>
      inTransaction(db, trx, async (trx) => {
        if (state === 'ended') throw new AppError('CONFLICT', 'An ended round is history');
        for (const draft of drafts)
          await insertMission(trx, { sub_challenge_id: subChallengeId, ...missionRow(draft) });
      }),

    /** A mission changed; `state` is its round's. */
    update: (mission: MissionRow, state: RoundState, draft: MissionDraft, trx?: Db) =>
      inTransaction(db, trx, async (trx) => {
        if (state === 'ended') throw new AppError('CONFLICT', 'An ended round is history');
        if (state === 'running' && draft.proofType !== mission.proof_type) {
          throw new AppError('VALIDATION_FAILED', 'The proof type is fixed once the round runs', [
            { path: 'proofType', code: 'INVALID_VALUE', message: 'cannot change while the round runs' },
          ]);
        }
        await updateMission(trx, mission.id, missionRow(draft));
      }),

    /**
     * A mission deleted; `state` is its round's. Only before the round begins, never its last one,
     * never one with certifications.
     */
    remove: (mission: MissionRow, state: RoundState, trx?: Db) =>
      inTransaction(db, trx, async (trx) => {
        if (state === 'running' || state === 'ended') {
          throw new AppError('CONFLICT', "A running round's missions can be added, not deleted");
        }
        const missions = await findMissionsWithCounts(trx, [mission.sub_challenge_id]);
        if (missions.length <= 1) throw new AppError('CONFLICT', 'A round keeps at least one mission');
        if (missions.some((entry) => entry.id === mission.id && Number(entry.certifications) > 0)) {
          throw new AppError('CONFLICT', 'The mission has certifications');
        }
        await deleteMission(trx, mission.id);
      }),

    /** Every mission of a round that is being deleted (teams checks the round may go). */
    removeAllOfRound: (subChallengeId: number, trx?: Db) =>
      inTransaction(db, trx, (trx) => deleteMissionsOfRound(trx, subChallengeId)),
  };
}
export type RoundMissionsService = ReturnType<typeof createRoundMissionsService>;
