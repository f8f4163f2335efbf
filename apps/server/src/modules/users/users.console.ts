import {
  adminPeopleSearchEndpoint,
  adminPersonRevealEndpoint,
  adminPersonSuspendEndpoint,
  adminPersonUnsuspendEndpoint,
} from '@hamkke/contract/admin/people';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  registerAuditedEndpoint,
  registerConsoleRead,
  type ConsoleKit,
} from '../../plugins/admin-endpoints.ts';
import { formatPhone, maskPhone, phoneTailOf } from './person-masks.ts';
import type { UsersService } from './users.service.ts';

/**
 * The console's people (support, decision 065): the search with personal data masked, the audited
 * reveal, and a family's suspension (which ends its sessions through the `familySuspended` event),
 * each audited in the transaction the console opens. A family's whole page is the admin module's.
 */
export function registerUsersConsole(
  app: FastifyInstance,
  kit: ConsoleKit,
  services: { users: UsersService },
): void {
  const { users } = services;

  async function parentOrThrow(executor: Kysely<Database>, userId: number) {
    const parent = await users.parent(userId, executor);
    if (!parent) throw new AppError('NOT_FOUND', 'No such parent');
    return parent;
  }

  registerConsoleRead(app, kit, adminPeopleSearchEndpoint, async ({ body }) => {
    const page = await users.searchParents({
      text: body.query,
      phoneTail: phoneTailOf(body.query),
      offset: body.offset,
      limit: body.limit,
    });
    return {
      total: page.total,
      items: page.rows.map((row) => ({
        userId: String(row.id),
        name: row.name,
        alias: row.alias,
        maskedPhone: maskPhone(row.phone),
        kakaoId: row.kakao_id,
        childCount: Number(row.child_count ?? 0),
        suspendedAt: row.suspended_at,
        createdAt: row.created_at,
      })),
    };
  });

  // The unmasked values, each reveal one audit row (which names the fields, never the values).
  registerAuditedEndpoint(app, kit, adminPersonRevealEndpoint, async ({ body, trx }) => {
    const parent = await parentOrThrow(trx, body.userId);
    const children = await users.childAccounts(body.userId, trx);
    return {
      answer: {
        userId: String(body.userId),
        phone: formatPhone(parent.phone),
        birthDate: parent.birth_date,
        children: children.map((child) => ({ userId: String(child.id), birthDate: child.birth_date })),
      },
      audit: {
        action: 'person.reveal',
        target: `user:${body.userId}`,
        after: { fields: ['phone', 'birthDate'], children: children.map((child) => child.id) },
      },
    };
  });

  /** The suspension (with its revocations) and its audit row, in one transaction. */
  async function suspension(trx: Kysely<Database>, userId: number, reason: string | null) {
    const { before, accounts, at } = await users.setFamilySuspended(userId, reason, trx);
    return {
      answer: {
        userId: String(userId),
        suspendedAt: reason === null ? null : at,
        suspendedReason: reason,
        accounts: accounts.length,
      },
      audit: {
        action: reason === null ? 'person.unsuspend' : 'person.suspend',
        target: `user:${userId}`,
        before: { suspended: before.suspendedAt !== null, reason: before.suspendedReason },
        after: { suspended: reason !== null, reason, accounts },
      },
    };
  }
  registerAuditedEndpoint(app, kit, adminPersonSuspendEndpoint, ({ body, trx }) =>
    suspension(trx, body.userId, body.reason),
  );
  registerAuditedEndpoint(app, kit, adminPersonUnsuspendEndpoint, ({ body, trx }) =>
    suspension(trx, body.userId, null),
  );
}
