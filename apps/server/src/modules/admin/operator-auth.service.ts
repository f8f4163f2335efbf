import type { Operator } from '@hamkke/contract/admin/auth';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password.ts';
import { beginAttempt, type FailureLimits } from '../../lib/rate-limiter.ts';
import { randomSecret, secretHash } from '../../lib/secret-token.ts';
import { retentionCutoff } from '@hamkke/contract/retention';
import { totpStepOf } from '../../lib/totp.ts';
import type { Actor, AuditService } from './audit.service.ts';
import type { LockedAttempt, OperatorLock } from './operator-lock.ts';
import {
  acceptTotpStep,
  deleteEndedOperatorSessions,
  findLiveSession,
  findOperatorById,
  findOperatorByLoginId,
  findOperatorList,
  insertOperatorSession,
  revokeSession,
  touchSession,
  replaceOperatorPasswordHash,
} from './operators.repository.ts';

/** A console session ends 12 hours after login, or after 30 minutes without a call. */
export const OPERATOR_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
export const OPERATOR_SESSION_IDLE_MS = 30 * 60 * 1000;
/** The demo operator of the seed: local use only, refused in production. */
export const DEMO_OPERATOR_LOGIN_ID = 'demo-admin';

export interface OperatorSession {
  tokenHash: string;
  operator: Operator;
  csrfToken: string;
  expiresAt: string;
}

export function createOperatorAuthService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  /** Failures per login id and address, and per address (decision 030 keeps both). */
  limits: FailureLimits;
  /** Failures per login id from any address, with growing waits an admin can lift. */
  lock: OperatorLock;
  audit: AuditService;
}) {
  const { db, clock, audit, lock } = deps;
  const target = (operatorId: number) => `operator:${operatorId}`;

  /**
   * A failed sign-in is an audit row (and so is the lock it starts); one of an id that is no
   * operator names no operator, and its target names the id tried.
   */
  async function recordFailure(
    loginId: string,
    operator: { id: number } | undefined,
    address: string,
    reason: string,
    attempt: LockedAttempt,
  ) {
    if (!operator) {
      await audit.recordUnknownSignIn(db, { loginId, address, reason: 'unknown-id' });
      return;
    }
    const actor: Actor = { operatorId: operator.id, address };
    await audit.record(db, actor, {
      action: 'operator.login-failed',
      target: target(operator.id),
      after: { reason, failures: attempt.failures },
    });
    if (attempt.locksUntil) {
      await audit.record(db, actor, {
        action: 'operator.lock',
        target: target(operator.id),
        after: { failures: attempt.failures, lockedUntil: attempt.locksUntil.toISOString() },
      });
    }
  }

  return {
    /** Retention: console sessions go 30 days after they ended (decision 039); answers how many. */
    async purgeEndedSessions(now: Date): Promise<number> {
      const before = retentionCutoff('operatorSessions', now);
      const idleBefore = new Date(Date.parse(before) - OPERATOR_SESSION_IDLE_MS).toISOString();
      return deleteEndedOperatorSessions(db, before, idleBefore);
    },

    /**
     * Password and TOTP together; every failure looks the same and counts against the login id
     * and the address, the address alone, and the login id from any address (its lock). A TOTP
     * code is accepted once (its time step is recorded), within ±1 step of 30 s.
     */
    async login(input: {
      loginId: string;
      password: string;
      totp: string;
      address: string;
      /** False in production: the seed's demo operator is for local use only. */
      demoAllowed: boolean;
    }) {
      const loginId = input.loginId.toLowerCase();
      let locked: LockedAttempt | undefined;
      const attempt = await beginAttempt([
        () => deps.limits.perIdentity.begin(`${loginId}@${input.address}`),
        () => deps.limits.perAddress.begin(input.address),
        async () => (locked = await lock.begin(loginId)),
      ]);
      const operator = await findOperatorByLoginId(db, loginId);
      const passwordOk = await verifyPassword(
        input.password,
        operator?.password_hash ?? (await decoyPasswordHash()),
      );
      const refuse = async (reason: string) => {
        await recordFailure(loginId, operator, input.address, reason, locked!);
        return new AppError('INVALID_CREDENTIALS', 'The id, password or code is wrong');
      };
      if (!operator || !passwordOk) throw await refuse('password');
      if (operator.status !== 'ACTIVE') throw await refuse('inactive');
      if (!input.demoAllowed && operator.login_id === DEMO_OPERATOR_LOGIN_ID) throw await refuse('demo');
      const now = clock();
      const step = totpStepOf(operator.totp_secret, input.totp, now.getTime());
      if (step === null || !(await acceptTotpStep(db, operator.id, step, now.toISOString()))) {
        throw await refuse('totp');
      }
      await attempt.succeeded();
      await audit.record(
        db,
        { operatorId: operator.id, address: input.address },
        { action: 'operator.login', target: target(operator.id) },
      );
      if (needsRehash(operator.password_hash)) {
        await replaceOperatorPasswordHash(db, operator.id, {
          from: operator.password_hash,
          to: await hashPassword(input.password),
        });
      }

      const token = randomSecret(32);
      const csrfToken = randomSecret(24);
      const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_MAX_MS).toISOString();
      await insertOperatorSession(db, {
        tokenHash: secretHash(token),
        operatorId: operator.id,
        csrfToken,
        now: now.toISOString(),
        expiresAt,
        address: input.address,
      });
      return {
        token,
        session: {
          operator: { operatorId: String(operator.id), loginId: operator.login_id, role: operator.role },
          csrfToken,
          expiresAt,
        },
      };
    },

    /** The session of a cookie, kept alive by the call; undefined when there is none. */
    async authenticate(token: string): Promise<OperatorSession | undefined> {
      if (token.length < 20 || token.length > 200) return undefined;
      const now = clock();
      const tokenHash = secretHash(token);
      const row = await findLiveSession(
        db,
        tokenHash,
        now.toISOString(),
        new Date(now.getTime() - OPERATOR_SESSION_IDLE_MS).toISOString(),
      );
      if (!row) return undefined;
      await touchSession(db, tokenHash, now.toISOString());
      return {
        tokenHash,
        operator: { operatorId: String(row.id), loginId: row.login_id, role: row.role },
        csrfToken: row.csrf_token,
        expiresAt: row.expires_at,
      };
    },

    /** Every operator, with the wait its id is locked for (null: none) and its recent failures. */
    async listOperators() {
      const rows = await findOperatorList(db);
      const items = await Promise.all(
        rows.map(async (row) => {
          const state = await lock.state(row.login_id);
          return {
            operatorId: String(row.id),
            loginId: row.login_id,
            role: row.role,
            status: row.status,
            lastLoginAt: row.last_login_at,
            failures: state.failures,
            lockedUntil: state.lockedUntil?.toISOString() ?? null,
          };
        }),
      );
      return { items };
    },

    /** An admin lifts an operator's lock: its failures and wait are gone; an audit row says who. */
    async unlock(actor: Actor, operatorId: number) {
      const operator = await findOperatorById(db, operatorId);
      if (!operator) throw new AppError('NOT_FOUND', 'No such operator');
      const before = await lock.state(operator.login_id);
      await lock.unlock(operator.login_id);
      await audit.record(db, actor, {
        action: 'operator.unlock',
        target: target(operator.id),
        before: { failures: before.failures, lockedUntil: before.lockedUntil?.toISOString() ?? null },
      });
      return { unlocked: true as const };
    },

    logout: (tokenHash: string) => revokeSession(db, tokenHash, clock().toISOString()),
  };
}
export type OperatorAuthService = ReturnType<typeof createOperatorAuthService>;
