import { operatorRoles, type OperatorRole } from '@hamkke/contract/admin/endpoint';
import QRCode from 'qrcode';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrator.ts';
import { systemClock } from '../../lib/clock.ts';
import { createOperatorAccountsService } from './operator-accounts.service.ts';

/**
 * `npm run operator:create -- --id <login id> --role admin|content|support` makes an operator and
 * prints their password and TOTP secret once (with a QR code for an authenticator app).
 */
async function run(args: string[]): Promise<void> {
  const valueOf = (flag: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const loginId = valueOf('--id');
  const role = valueOf('--role') as OperatorRole | undefined;
  if (!loginId || !role || !operatorRoles.includes(role)) {
    throw new Error(`usage: operator:create -- --id <login id> --role ${operatorRoles.join('|')}`);
  }
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const made = await createOperatorAccountsService({ db: database.db, clock: systemClock }).create({
      loginId,
      role,
    });
    console.info(`operator ${made.loginId} (${made.role}) created. Shown once — keep them safe:`);
    console.info(`  password:    ${made.password}`);
    console.info(`  TOTP secret: ${made.totpSecret}`);
    console.info(`  TOTP URI:    ${made.totpUri}`);
    console.info(await QRCode.toString(made.totpUri, { type: 'terminal', small: true }));
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
