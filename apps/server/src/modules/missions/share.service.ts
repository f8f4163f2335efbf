import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import type { MissionViews } from './mission-views.ts';
import {
  findCertificationRows,
  findFirstCertificationDay,
  findOrCreateShareDay,
  findShareDay,
} from './missions.repository.ts';

/** Share links: a person's day by uuid, readable by anyone with the alias only. */
export function createShareService(deps: { db: Kysely<Database>; clock: Clock; views: MissionViews }) {
  const { db } = deps;
  const { toCertifications } = deps.views;
  return {
    /**
     * Only days from the person's first certification to today (Seoul) have a share link: a row per
     * day asked, so any other day would only let a caller fill the table.
     */
    async shareUuid(userId: number, date: string) {
      const today = seoulToday(deps.clock);
      const first = (await findFirstCertificationDay(db, userId)) ?? today;
      if (date > today || date < (first < today ? first : today)) {
        throw new AppError('VALIDATION_FAILED', 'Only days from your first certification to today', [
          {
            path: 'date',
            code: 'INVALID_VALUE',
            message: 'must be between the first certification and today',
          },
        ]);
      }
      // A day whose every certification an operator hid has nothing to share (issue 25 item 6).
      const mine = await findCertificationRows(db, { userId, day: date, includeHidden: true });
      if (mine.length > 0 && mine.every((row) => row.hidden_reason !== null)) {
        throw new AppError('VALIDATION_FAILED', 'Every certification of the day is hidden', [
          { path: 'date', code: 'INVALID_VALUE', message: 'every certification of this day is hidden' },
        ]);
      }
      const { uuid } = await findOrCreateShareDay(db, userId, date, randomUUID());
      return { uuid, date };
    },

    /** Public: the day's certifications of the person behind the uuid, with the alias only. */
    async shared(uuid: string, date: string, challengeId?: number) {
      const share = await findShareDay(db, uuid);
      if (!share || share.day !== date) throw new AppError('NOT_FOUND', 'No such shared day');
      const rows = await findCertificationRows(db, {
        userId: share.user_id,
        day: date,
        ...(challengeId === undefined ? {} : { challengeId }),
      });
      const certifications = (await toCertifications(rows)).map(
        ({ deletable: _deletable, hiddenReason: _hiddenReason, ...rest }) => rest,
      );
      // A day whose every certification was hidden is no page at all (issue 46 L4), not an empty one.
      if (certifications.length === 0) {
        const all = await findCertificationRows(db, {
          userId: share.user_id,
          day: date,
          includeHidden: true,
          ...(challengeId === undefined ? {} : { challengeId }),
        });
        if (all.length > 0) throw new AppError('NOT_FOUND', 'No such shared day');
      }
      return { alias: share.alias, date, certifications };
    },
  };
}
