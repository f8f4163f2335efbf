import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MembershipRegistryService } from '../identity/membership-registry.service.ts';
import type { Actor, AuditService } from './audit.service.ts';

/**
 * The membership registry in the console: identity's CSV import (dry run, then apply) and search;
 * the file comes as base64 bytes (identity detects the encoding, decision 031); an apply writes one
 * audit row of counts, bytes and encoding in its transaction.
 */
export function createAdminRegistryService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  membershipRegistry: MembershipRegistryService;
}) {
  const { db, audit, membershipRegistry: registry } = deps;
  return {
    dryRun: (file: string) => registry.dryRun(Buffer.from(file, 'base64')),

    apply: (actor: Actor, file: string, expected: { new: number; changed: number }) =>
      db.transaction().execute(async (trx) => {
        const bytes = Buffer.from(file, 'base64');
        const { encoding, counts } = await registry.apply(bytes, expected, trx);
        await audit.record(trx, actor, {
          action: 'registry.import',
          target: 'membership-registry',
          after: { ...counts, bytes: bytes.length, encoding },
        });
        return { encoding, counts };
      }),

    search: (input: { query: string; offset: number; limit: number }) => registry.search(input),
  };
}
