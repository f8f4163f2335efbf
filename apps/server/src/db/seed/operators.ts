import type { Kysely } from 'kysely';
import { hashPassword } from '../../lib/password.ts';
import type { Database } from '../schema.ts';

/**
 * The demo operator (README): for local use only; the console refuses it in production. Its TOTP
 * secret is fixed so a developer can add it to an authenticator app once.
 */
export const DEMO_OPERATOR = {
  loginId: 'demo-admin',
  password: 'demo-admin-pass-2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

/** Operators survive a reseed (the audit log names them), so this is safe to repeat. */
export async function seedOperators(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .insertInto('operators')
    .values({
      login_id: DEMO_OPERATOR.loginId,
      password_hash: await hashPassword(DEMO_OPERATOR.password),
      totp_secret: DEMO_OPERATOR.totpSecret,
      role: 'admin',
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('login_id').doNothing())
    .execute();
}
