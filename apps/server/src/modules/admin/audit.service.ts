import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { findAuditPage, findOperatorNames, insertAudit, type AuditFilter } from './operators.repository.ts';

/** Who did it, from where: every audited call names its operator and address. */
export interface Actor {
  operatorId: number;
  address: string;
}

/** One audited change: what was done, to what, and the values before and after (summarized as JSON). */
export interface AuditEntry {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

export function createAuditService(deps: { clock: Clock }) {
  return {
    /**
     * Appends one row, inside the caller's transaction so the change and its record stand or fall
     * together. `before`/`after` are summarized as JSON.
     */
    async record(db: Kysely<Database>, actor: Actor, entry: AuditEntry): Promise<void> {
      await insertAudit(db, {
        operatorId: actor.operatorId,
        action: entry.action,
        target: entry.target,
        summary: JSON.stringify({ before: entry.before ?? null, after: entry.after ?? null }).slice(0, 4000),
        address: actor.address,
        now: deps.clock().toISOString(),
      });
    },

    /**
     * A failed sign-in of an id that is no operator (decision 030): nobody to record it against, so
     * the row names no operator and its target names the id that was tried.
     */
    async recordUnknownSignIn(
      db: Kysely<Database>,
      input: { loginId: string; address: string; reason: string },
    ): Promise<void> {
      await insertAudit(db, {
        operatorId: null,
        action: 'operator.login-failed',
        target: `login-id:${input.loginId}`,
        summary: JSON.stringify({ before: null, after: { reason: input.reason } }),
        address: input.address,
        now: deps.clock().toISOString(),
      });
    },

    async list(db: Kysely<Database>, input: AuditFilter & { offset: number; limit: number }) {
      const page = await findAuditPage(db, input);
      return {
        total: page.total,
        items: page.rows.map((row) => ({
          auditId: String(row.id),
          operatorId: row.operator_id === null ? null : String(row.operator_id),
          operatorLoginId: row.login_id,
          action: row.action,
          target: row.target,
          summary: row.summary,
          address: row.address,
          createdAt: row.created_at,
        })),
      };
    },

    async operators(db: Kysely<Database>) {
      const rows = await findOperatorNames(db);
      return { items: rows.map((row) => ({ operatorId: String(row.id), loginId: row.login_id })) };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
