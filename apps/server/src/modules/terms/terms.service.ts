import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import {
  areTermsVersionsPublished,
  findAgreedVersions,
  findTermsOrder,
  findTermsVersions,
  insertAgreement,
  replaceAgreement,
  type TermsOrderRow,
} from './terms.repository.ts';

/**
 * Whether agreeing to `agreed` still covers the versions in force `today`: false when a required
 * version newer than it (by effective date, then publication order) has come into force, or when
 * `agreed` is no published version at all.
 */
export function agreementCovers(order: readonly TermsOrderRow[], agreed: string, today: string): boolean {
  const agreedAt = order.findIndex((doc) => doc.version === agreed);
  if (agreedAt < 0) return false;
  return !order.some((doc, index) => index > agreedAt && doc.required && doc.effectiveDate <= today);
}

export function createTermsService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** Whether these are published versions of the terms of use and the privacy policy (registration). */
    versionsPublished: (termsVersion: string, privacyVersion: string) =>
      areTermsVersionsPublished(db, termsVersion, privacyVersion),
    /** The asked version, or the newest one already in force today (Asia/Seoul). */
    async termsOfUse(version?: string) {
      const versions = await findTermsVersions(db, 'TERMS_OF_USE');
      const today = seoulToday(clock);
      const chosen = version
        ? versions.find((doc) => doc.version === version)
        : (versions.find((doc) => doc.effectiveDate <= today) ?? versions.at(-1));
      if (!chosen) throw new AppError('NOT_FOUND', 'No terms of use with that version');
      return {
        ...chosen,
        versions: versions.map(({ version: v, effectiveDate }) => ({ version: v, effectiveDate })),
      };
    },
    /**
     * True when the person agreed once and a newer required version of either document has come
     * into force since: they go back to the agreement step. People without a recorded agreement
     * (demo accounts made before agreements were kept) are not asked.
     */
    async agreementNeeded(userId: number, trx: Kysely<Database> = db): Promise<boolean> {
      const agreed = await findAgreedVersions(trx, userId);
      if (!agreed) return false;
      const today = seoulToday(clock);
      return (
        !agreementCovers(await findTermsOrder(trx, 'TERMS_OF_USE'), agreed.termsVersion, today) ||
        !agreementCovers(await findTermsOrder(trx, 'PRIVACY_POLICY'), agreed.privacyVersion, today)
      );
    },
    /** Records a new person's agreement (registration), in the caller's transaction. */
    recordAgreement: (row: Agreement, trx: Kysely<Database> = db) => insertAgreement(trx, row),
    /** A parent's new consent replaces the agreement they gave before. */
    replaceAgreement: (row: Agreement, trx: Kysely<Database> = db) => replaceAgreement(trx, row),
    /** Privacy policies in force or announced, newest first. */
    privacyPolicies: () => findTermsVersions(db, 'PRIVACY_POLICY'),
  };
}
/** What a person agreed to, and when. */
export interface Agreement {
  userId: number;
  termsVersion: string;
  privacyVersion: string;
  marketing: boolean;
  agreedAt: string;
}

export type TermsService = ReturnType<typeof createTermsService>;
