import type { AdminCommonCode } from '@hamkke/contract/admin/common-codes';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { withoutControlCharacters } from '../../lib/rich-text.ts';
import {
  findAllCommonCodes,
  findCommonCode,
  findCommonCodeGroups,
  insertCommonCode,
  updateCommonCode,
  type CommonCodeRow,
} from './admin-common-codes.repository.ts';
import type { Actor, AuditService } from './audit.service.ts';

const toAdminCode = (row: CommonCodeRow): AdminCommonCode => ({
  groupKey: row.group_key,
  code: row.code,
  name: row.name,
  sort: row.sort,
  active: Number(row.active) === 1,
});

/**
 * Common codes by group: added, relabelled, reordered, deactivated (never deleted: stored rows may
 * name a code). The app's `common/codes` lists active ones only, read per request.
 */
export function createAdminCommonCodesService(deps: { db: Kysely<Database>; audit: AuditService }) {
  const { db, audit } = deps;
  const target = (groupKey: string, code: string) => `common-code:${groupKey}/${code}`;
  const existing = async (trx: Kysely<Database>, groupKey: string, code: string) => {
    const row = await findCommonCode(trx, groupKey, code);
    if (!row) throw new AppError('NOT_FOUND', 'No such common code');
    return row;
  };
  return {
    async list(groupKey?: string) {
      const [groups, rows] = await Promise.all([findCommonCodeGroups(db), findAllCommonCodes(db, groupKey)]);
      return { groups, items: rows.map(toAdminCode) };
    },
    create: (actor: Actor, input: { groupKey: string; code: string; name: string; sort: number }) =>
      db.transaction().execute(async (trx) => {
        if (await findCommonCode(trx, input.groupKey, input.code)) {
          throw new AppError('VALIDATION_FAILED', 'This code exists in the group', [
            { path: 'code', code: 'TAKEN', message: 'exists in this group' },
          ]);
        }
        const row = await insertCommonCode(trx, {
          group_key: input.groupKey,
          code: input.code,
          name: withoutControlCharacters(input.name),
          sort: input.sort,
          active: 1,
        });
        await audit.record(trx, actor, {
          action: 'common-code.create',
          target: target(row.group_key, row.code),
          after: toAdminCode(row),
        });
        return toAdminCode(row);
      }),
    update: (actor: Actor, input: { groupKey: string; code: string; name: string; sort: number }) =>
      db.transaction().execute(async (trx) => {
        const before = await existing(trx, input.groupKey, input.code);
        const row = await updateCommonCode(trx, input.groupKey, input.code, {
          name: withoutControlCharacters(input.name),
          sort: input.sort,
        });
        await audit.record(trx, actor, {
          action: 'common-code.update',
          target: target(row.group_key, row.code),
          before: toAdminCode(before),
          after: toAdminCode(row),
        });
        return toAdminCode(row);
      }),
    setActive: (actor: Actor, input: { groupKey: string; code: string; active: boolean }) =>
      db.transaction().execute(async (trx) => {
        const before = await existing(trx, input.groupKey, input.code);
        const row = await updateCommonCode(trx, input.groupKey, input.code, { active: input.active ? 1 : 0 });
        await audit.record(trx, actor, {
          action: input.active ? 'common-code.activate' : 'common-code.deactivate',
          target: target(row.group_key, row.code),
          before: toAdminCode(before),
          after: toAdminCode(row),
        });
        return toAdminCode(row);
      }),
  };
}
