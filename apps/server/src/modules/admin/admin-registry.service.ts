import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MembershipRegistryService } from '../identity/membership-registry.service.ts';
import type { Actor, AuditService } from './audit.service.ts';

/**
 * The membership registry in the console: identity's CSV import (dry run, then apply) and search;
 * an apply writes one audit row of counts in its transaction.
 */
export function createAdminRegistryService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  membershipRegistry: MembershipRegistryService;
}) {
  const { db, audit, membershipRegistry: registry } = deps;
  return {
    dryRun: (csv: string) => registry.dryRun(csv),

    apply: (actor: Actor, csv: string, expected: { new: number; changed: number }) =>
      db.transaction().execute(async (trx) => {
        const { counts } = await registry.apply(csv, expected, trx);
        await audit.record(trx, actor, {
          action: 'registry.import',
          target: 'membership-registry',
          after: { ...counts, bytes: Buffer.byteLength(csv, 'utf8') },
        });
        return { counts };
      }),

    search: (input: { query: string; offset: number; limit: number }) => registry.search(input),
  };
}
