import type { Operator } from '@hamkke/contract/admin/auth';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password.ts';
import { beginLimitedAttempt, type FailureLimits } from '../../lib/rate-limiter.ts';
import { randomSecret, secretHash } from '../../lib/secret-token.ts';
import { totpStepOf } from '../../lib/totp.ts';
import {
  acceptTotpStep,
  findLiveSession,
  findOperatorByLoginId,
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
  limits: FailureLimits;
}) {
  const { db, clock } = deps;
  return {
    /**
     * Password and TOTP together; every failure looks the same and counts against the login id
     * and the address. A TOTP code is accepted once (its time step is recorded).
     */
    async login(input: {
      loginId: string;
      password: string;
      totp: string;
      address: string;
      /** False in production: the seed's demo operator is for local use only. */
      demoAllowed: boolean;
    }) {
      const attempt = await beginLimitedAttempt(deps.limits, input.loginId.toLowerCase(), input.address);
      const operator = await findOperatorByLoginId(db, input.loginId.toLowerCase());
      const passwordOk = await verifyPassword(
        input.password,
        operator?.password_hash ?? (await decoyPasswordHash()),
      );
      const refuse = () => new AppError('INVALID_CREDENTIALS', 'The id, password or code is wrong');
      if (!operator || !passwordOk || operator.status !== 'ACTIVE') throw refuse();
      if (!input.demoAllowed && operator.login_id === DEMO_OPERATOR_LOGIN_ID) throw refuse();
      const now = clock();
      const step = totpStepOf(operator.totp_secret, input.totp, now.getTime());
      if (step === null || !(await acceptTotpStep(db, operator.id, step, now.toISOString()))) throw refuse();
      await attempt.succeeded();
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

    logout: (tokenHash: string) => revokeSession(db, tokenHash, clock().toISOString()),
  };
}
export type OperatorAuthService = ReturnType<typeof createOperatorAuthService>;
