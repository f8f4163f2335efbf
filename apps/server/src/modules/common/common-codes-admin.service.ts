import type { AdminCommonCode } from '@hamkke/contract/admin/common-codes';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { withoutControlCharacters } from '../../lib/rich-text.ts';
import { inTransaction } from '../../lib/transaction.ts';
import {
  findAllCommonCodes,
  findCommonCode,
  findCommonCodeGroups,
  insertCommonCode,
  updateCommonCode,
  type CommonCodeRow,
} from './common.repository.ts';

const toAdminCode = (row: CommonCodeRow): AdminCommonCode => ({
  groupKey: row.group_key,
  code: row.code,
  name: row.name,
  sort: row.sort,
  active: Number(row.active) === 1,
});

/**
 * Common codes as the console manages them: added, relabelled, reordered, deactivated (never
 * deleted: stored rows may name a code). The app's `common/codes` lists active ones only, read per
 * request. Each change runs in the caller's transaction when given one, else in its own.
 */
export function createCommonCodesAdminService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  const existing = async (executor: Kysely<Database>, groupKey: string, code: string) => {
    const row = await findCommonCode(executor, groupKey, code);
    if (!row) throw new AppError('NOT_FOUND', 'No such common code');
    return row;
  };
  return {
    /** Every group, and every code (deactivated ones too) of one group or of all. */
    async list(groupKey?: string) {
      const [groups, rows] = await Promise.all([findCommonCodeGroups(db), findAllCommonCodes(db, groupKey)]);
      return { groups, items: rows.map(toAdminCode) };
    },

    /** A new active code; 400 (`code` TAKEN) when the group has it. */
    create: (
      input: { groupKey: string; code: string; name: string; sort: number },
      trx?: Kysely<Database>,
    ): Promise<AdminCommonCode> =>
      inTransaction(db, trx, async (executor) => {
        if (await findCommonCode(executor, input.groupKey, input.code)) {
          throw new AppError('VALIDATION_FAILED', 'This code exists in the group', [
            { path: 'code', code: 'TAKEN', message: 'exists in this group' },
          ]);
        }
        const row = await insertCommonCode(executor, {
          group_key: input.groupKey,
          code: input.code,
          name: withoutControlCharacters(input.name),
          sort: input.sort,
          active: 1,
        });
        return toAdminCode(row);
      }),

    /** New label and order; the code before and after. NOT_FOUND when there is none. */
    update: (input: { groupKey: string; code: string; name: string; sort: number }, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (executor) => {
        const before = await existing(executor, input.groupKey, input.code);
        const row = await updateCommonCode(executor, input.groupKey, input.code, {
          name: withoutControlCharacters(input.name),
          sort: input.sort,
        });
        return { before: toAdminCode(before), after: toAdminCode(row) };
      }),

    /** Activates or deactivates; the code before and after. NOT_FOUND when there is none. */
    setActive: (input: { groupKey: string; code: string; active: boolean }, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (executor) => {
        const before = await existing(executor, input.groupKey, input.code);
        const row = await updateCommonCode(executor, input.groupKey, input.code, {
          active: input.active ? 1 : 0,
        });
        return { before: toAdminCode(before), after: toAdminCode(row) };
      }),
  };
}
export type CommonCodesAdminService = ReturnType<typeof createCommonCodesAdminService>;
