import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import {
  countCertificationsByDay,
  countFamiliesCertifying,
  findCertificationsOfUsers,
  findCertificationWithRound,
  setCertificationHidden,
  setHiddenReason,
} from './certification-oversight.repository.ts';

/**
 * Certifications as operators see them (the console): people's newest, an operator's hiding and
 * showing again, and the dashboard's counts per day.
 */
export function createCertificationOversightService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  /** Team scores move (teams) and the header counts are dropped (common) in the hiding's transaction. */
  events: DomainEvents;
}) {
  const { db, clock, events } = deps;

  /**
   * Hides (a reason) or shows again (null) a certification, inside `trx` when given: it stops (or
   * starts again) counting, as a deletion would, through `certificationHidden`/`certificationRestored`.
   * NOT_FOUND when there is no such certification; CONFLICT when it is so already.
   */
  function setHidden(certificationId: number, reason: string | null, trx?: Kysely<Database>) {
    return inTransaction(db, trx, async (trx) => {
      const row = await findCertificationWithRound(trx, certificationId);
      if (!row) throw new AppError('NOT_FOUND', 'No such certification');
      const at = clock().toISOString();
      const moved = await setCertificationHidden(trx, {
        certificationId,
        hidden: reason === null ? null : { at, reason },
      });
      if (!moved) throw new AppError('CONFLICT', reason ? 'Already hidden' : 'Not hidden');
      await events.emit(trx, reason === null ? 'certificationRestored' : 'certificationHidden', {
        userId: row.user_id,
        missionId: row.mission_id,
        subChallengeId: row.sub_challenge_id,
        day: row.certified_on,
        createdAt: row.created_at,
      });
      return {
        before: { userId: row.user_id, hiddenAt: row.hidden_at, hiddenReason: row.hidden_reason },
        at,
      };
    });
  }

  return {
    /** These people's newest certifications, hidden ones too, with their missions' titles. */
    certificationsOf: (userIds: readonly number[], limit: number) =>
      findCertificationsOfUsers(db, userIds, limit),

    hide: (certificationId: number, reason: string, trx?: Kysely<Database>) =>
      setHidden(certificationId, reason, trx),
    show: (certificationId: number, trx?: Kysely<Database>) => setHidden(certificationId, null, trx),
    /**
     * Hides it, or gives it this reason when it is hidden already (reports hid it pending review):
     * the scores move at most once. Answers whether this call hid it.
     */
    hideOrRephrase: (certificationId: number, reason: string, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (trx) => {
        if (await setHiddenReason(trx, certificationId, reason)) return { hid: false };
        await setHidden(certificationId, reason, trx);
        return { hid: true };
      }),
    /** The certification's author and hidden state (null when there is none). */
    state: async (certificationId: number, trx?: Kysely<Database>) => {
      const row = await findCertificationWithRound(trx ?? db, certificationId);
      return row ? { userId: row.user_id, hiddenAt: row.hidden_at, hiddenReason: row.hidden_reason } : null;
    },

    /** Certifications and the families that certified, per Seoul day from `from` to `to` (days without any left out). */
    perDay: (from: string, to: string) => countCertificationsByDay(db, from, to),
    /** The families that certified at least once from `from` to `to`, each counted once. */
    familiesBetween: (from: string, to: string) => countFamiliesCertifying(db, from, to),
  };
}
export type CertificationOversightService = ReturnType<typeof createCertificationOversightService>;
