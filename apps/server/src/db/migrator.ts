import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as foundation from './migrations/2026-11-20T00-00-foundation.ts';
import * as identity from './migrations/2026-11-21T00-00-identity.ts';
import * as missions from './migrations/2026-11-22T00-00-missions.ts';
import * as childLinks from './migrations/2026-11-23T00-00-child-links.ts';
import * as teams from './migrations/2026-11-24T01-00-teams.ts';
import * as jobs from './migrations/2026-11-24T02-00-jobs.ts';
import * as rewards from './migrations/2026-11-25T00-00-rewards.ts';
import * as hardening from './migrations/2026-11-25T01-00-hardening.ts';
import * as operators from './migrations/2026-11-26T00-00-operators.ts';
import * as rewardPayouts from './migrations/2026-11-26T01-00-reward-payouts.ts';
import * as moderation from './migrations/2026-11-27T01-00-moderation.ts';
import * as contentRegistry from './migrations/2026-11-27T02-00-content-registry.ts';
import * as readIndexes from './migrations/2026-11-28T00-00-read-indexes.ts';
import * as teamPublicIds from './migrations/2026-11-29T01-00-team-public-ids.ts';
import * as missionPlaceholders from './migrations/2026-11-29T02-00-mission-placeholders.ts';
import * as operatorSignInAudit from './migrations/2026-11-30T01-00-operator-sign-in-audit.ts';
import * as guardianConsents from './migrations/2026-12-01T01-00-guardian-consents.ts';
import * as childNotice from './migrations/2026-12-01T02-00-child-notice.ts';
import * as exportsTable from './migrations/2026-12-01T03-00-exports.ts';
import * as certificationReports from './migrations/2026-12-01T04-00-certification-reports.ts';
import * as push from './migrations/2026-12-02T01-00-push.ts';
import * as offlineCertifications from './migrations/2026-12-02T02-00-offline-certifications.ts';
import * as rewardNoticeSetAt from './migrations/2026-12-02T03-41-reward-notice-set-at.ts';
import * as rewardPaidPush from './migrations/2026-12-03T01-00-reward-paid-push.ts';
import * as pushEndpointsToPushServices from './migrations/2026-12-03T02-00-push-endpoints-to-push-services.ts';
import * as trustedReports from './migrations/2026-12-03T03-00-trusted-reports.ts';
import * as photoReuse from './migrations/2026-12-07T01-00-photo-reuse.ts';

/** Migrations in order. Imported statically so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '2026-11-20T00-00-foundation': foundation,
  '2026-11-21T00-00-identity': identity,
  '2026-11-22T00-00-missions': missions,
  '2026-11-23T00-00-child-links': childLinks,
  '2026-11-24T01-00-teams': teams,
  '2026-11-24T02-00-jobs': jobs,
  '2026-11-25T00-00-rewards': rewards,
  '2026-11-25T01-00-hardening': hardening,
  '2026-11-26T00-00-operators': operators,
  '2026-11-26T01-00-reward-payouts': rewardPayouts,
  '2026-11-27T01-00-moderation': moderation,
  '2026-11-27T02-00-content-registry': contentRegistry,
  '2026-11-28T00-00-read-indexes': readIndexes,
  '2026-11-29T01-00-team-public-ids': teamPublicIds,
  '2026-11-29T02-00-mission-placeholders': missionPlaceholders,
  '2026-11-30T01-00-operator-sign-in-audit': operatorSignInAudit,
  '2026-12-01T01-00-guardian-consents': guardianConsents,
  '2026-12-01T02-00-child-notice': childNotice,
  '2026-12-01T03-00-exports': exportsTable,
  '2026-12-01T04-00-certification-reports': certificationReports,
  '2026-12-02T01-00-push': push,
  '2026-12-02T02-00-offline-certifications': offlineCertifications,
  '2026-12-02T03-41-reward-notice-set-at': rewardNoticeSetAt,
  '2026-12-03T01-00-reward-paid-push': rewardPaidPush,
  '2026-12-03T02-00-push-endpoints-to-push-services': pushEndpointsToPushServices,
  '2026-12-03T03-00-trusted-reports': trustedReports,
  '2026-12-07T01-00-photo-reuse': photoReuse,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const where = failed ? ` in ${failed.migrationName}` : '';
    throw new Error(`Migration failed${where}: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
