import { seoulDay } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { areTermsVersionsPublished, findTermsVersions } from './terms.repository.ts';

export function createTermsService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** Whether these are published versions of the terms of use and the privacy policy (registration). */
    versionsPublished: (termsVersion: string, privacyVersion: string) =>
      areTermsVersionsPublished(db, termsVersion, privacyVersion),
    /** The asked version, or the newest one already in force today (Asia/Seoul). */
    async termsOfUse(version?: string) {
      const versions = await findTermsVersions(db, 'TERMS_OF_USE');
      const today = seoulDay(clock());
      const chosen = version
        ? versions.find((doc) => doc.version === version)
        : (versions.find((doc) => doc.effectiveDate <= today) ?? versions.at(-1));
      if (!chosen) throw new AppError('NOT_FOUND', 'No terms of use with that version');
      return {
        ...chosen,
        versions: versions.map(({ version: v, effectiveDate }) => ({ version: v, effectiveDate })),
      };
    },
    /** Privacy policies in force or announced, newest first. */
    privacyPolicies: () => findTermsVersions(db, 'PRIVACY_POLICY'),
  };
}
export type TermsService = ReturnType<typeof createTermsService>;
