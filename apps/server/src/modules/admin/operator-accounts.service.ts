import { operatorLoginIdSchema } from '@hamkke/contract/admin/auth';
import { operatorRoleSchema, type OperatorRole } from '@hamkke/contract/admin/endpoint';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { randomSecret } from '../../lib/secret-token.ts';
import { newTotpSecret, totpUri } from '../../lib/totp.ts';
import { insertOperator } from './operators.repository.ts';

/** Operator accounts: made with a random password and TOTP secret, each shown once. */
export function createOperatorAccountsService(deps: { db: Kysely<Database>; clock: Clock }) {
  return {
    async create(input: { loginId: string; role: OperatorRole }) {
      const loginId = operatorLoginIdSchema.parse(input.loginId);
      const role = operatorRoleSchema.parse(input.role);
      const password = randomSecret(15);
      const totpSecret = newTotpSecret();
      try {
        const operatorId = await insertOperator(deps.db, {
          loginId,
          passwordHash: await hashPassword(password),
          totpSecret,
          role,
          now: deps.clock().toISOString(),
        });
        return { operatorId, loginId, role, password, totpSecret, totpUri: totpUri(totpSecret, loginId) };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', `The login id ${loginId} is taken`);
        throw error;
      }
    },
  };
}
