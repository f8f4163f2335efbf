import type { RetentionKind } from '@hamkke/contract/retention';
import type { Services } from '../modules.ts';
import type { JobLogger, JobRunner } from './job-runner.ts';

export const RETENTION_JOB = 'retention';

const HOUR = 60 * 60 * 1000;

/** The hour a retention run belongs to: each hour is done once, whichever server wakes first. */
export const retentionPeriodOf = (now: Date) => now.toISOString().slice(0, 13);

/**
 * Each rule of `docs/retention.md` by its name there, with the period it enforces (`RETENTION`, the
 * one source the privacy policy also reads). A unit test holds the table and the policy to these.
 */
export const RETENTION_RULE_PERIODS = {
  'login-logs': 'loginLogs',
  'activity-logs': 'activityLogs',
  'share-links': 'shareLinks',
  'pending-uploads': 'pendingUploads',
  'orphan-photos': 'orphanPhotos',
  'hidden-certification-photos': 'hiddenCertificationPhotos',
  'access-tokens': 'accessTokens',
  'auto-login-tokens': 'autoLoginTokens',
  'kakao-login-attempts': 'kakaoLoginAttempts',
  'operator-sessions': 'operatorSessions',
  exports: 'exports',
} as const satisfies Record<string, RetentionKind>;
export type RetentionRuleName = keyof typeof RETENTION_RULE_PERIODS;

/** One rule of `docs/retention.md`: its name there, and the owning module's purge (how many went). */
export interface RetentionRule {
  name: string;
  purge: (now: Date) => Promise<number>;
}

/**
 * Every retention rule, each one the owning module's service call (decision 039). The table in
 * `docs/retention.md` names these rules; a unit test keeps the two in step.
 */
export function retentionRules(
  services: Pick<
    Services,
    'files' | 'missionsRetention' | 'identityRetention' | 'tokens' | 'operatorAuth' | 'exports'
  >,
): RetentionRule[] {
  const rules: RetentionRule[] = [
    { name: 'login-logs', purge: services.identityRetention.purgeLoginLogs },
    { name: 'activity-logs', purge: services.identityRetention.purgeActivityLogs },
    { name: 'share-links', purge: services.missionsRetention.purgeShareLinks },
    { name: 'pending-uploads', purge: services.files.purgePendingUploads },
    { name: 'orphan-photos', purge: services.files.sweepOrphans },
    { name: 'hidden-certification-photos', purge: services.missionsRetention.purgeHiddenCertificationPhotos },
    { name: 'access-tokens', purge: services.tokens.purgeEnded },
    { name: 'auto-login-tokens', purge: services.identityRetention.purgeEndedAutoLogins },
    { name: 'kakao-login-attempts', purge: services.identityRetention.purgeKakaoLoginAttempts },
    { name: 'operator-sessions', purge: services.operatorAuth.purgeEndedSessions },
    // The family export (decision 040): its file goes 24 h after it is made (the export job's own
    // poll also runs it, so a link's end is kept to the minute, not the hour).
    { name: 'exports', purge: (now) => services.exports.purgeExpired(now) },
  ];
  return rules;
}

/**
 * Runs every rule at `now`, one after another; a rule that fails is logged and the others still
 * run, and the run then fails so the hour is tried again. Answers how many rows each rule removed.
 */
export async function runRetention(
  rules: readonly RetentionRule[],
  now: Date,
  logger: JobLogger,
): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  const failed: string[] = [];
  for (const rule of rules) {
    try {
      removed[rule.name] = await rule.purge(now);
    } catch (error) {
      failed.push(rule.name);
      logger.error({ err: error, rule: rule.name }, 'retention rule failed');
    }
  }
  const total = Object.values(removed).reduce((sum, count) => sum + count, 0);
  if (total > 0) logger.info({ removed }, 'retention purged');
  if (failed.length > 0) throw new Error(`retention rules failed: ${failed.join(', ')}`);
  return removed;
}

/** Every retention rule, hourly, by one server at a time under the job's lease. */
export function scheduleRetention(
  runner: JobRunner,
  rules: readonly RetentionRule[],
  logger: JobLogger,
  clock: () => Date,
): void {
  runner.every(
    RETENTION_JOB,
    HOUR,
    async () => {
      await runRetention(rules, clock(), logger);
    },
    { leaseMs: 10 * 60 * 1000, periodOf: retentionPeriodOf },
  );
}
