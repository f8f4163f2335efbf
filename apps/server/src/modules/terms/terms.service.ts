import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import {
  areTermsVersionsPublished,
  findAgreedVersions,
  findGuardianConsents,
  findTermsOrder,
  findTermsVersions,
  insertAgreement,
  insertGuardianConsent,
  replaceAgreement,
  type GuardianConsentInput,
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

  /** The child privacy document in force today (Asia/Seoul), or undefined before the first is published. */
  async function childConsentInForce(trx: Kysely<Database> = db) {
    const versions = await findTermsVersions(trx, 'CHILD_PRIVACY_CONSENT');
    const today = seoulToday(clock);
    return versions.find((doc) => doc.effectiveDate <= today);
  }

  return {
    /** 만 14세 미만 아동의 개인정보 수집·이용 동의: the asked version, or the one in force today. */
    async childConsentDocument(version?: string) {
      const chosen = version
        ? (await findTermsVersions(db, 'CHILD_PRIVACY_CONSENT')).find((doc) => doc.version === version)
        : await childConsentInForce();
      if (!chosen) throw new AppError('NOT_FOUND', 'No child privacy consent with that version');
      return chosen;
    },

    /**
     * 400 on `field` unless `version` is a version of the child privacy document that covers today:
     * in force, or newer, with no required version in force after it (decision 038).
     */
    async assertGuardianConsentCurrent(
      version: string,
      field = 'guardianConsentVersion',
      trx: Kysely<Database> = db,
    ): Promise<void> {
      const order = await findTermsOrder(trx, 'CHILD_PRIVACY_CONSENT');
      const doc = order.find((row) => row.version === version);
      if (
        !doc ||
        doc.effectiveDate > seoulToday(clock) ||
        !agreementCovers(order, version, seoulToday(clock))
      ) {
        throw new AppError('VALIDATION_FAILED', 'Agree to the child privacy consent in force', [
          { path: field, code: 'INVALID_VALUE', message: 'must be the version in force' },
        ]);
      }
    },

    /** Records a parent's consent for one child, in the caller's transaction (with the child's row). */
    recordGuardianConsent: (row: GuardianConsentInput, trx: Kysely<Database> = db) =>
      insertGuardianConsent(trx, row),

    /**
     * Each child's recorded consents (newest first) and whether the parent must be asked again: no
     * consent recorded, or none that covers a required version in force since (as the terms, decision
     * 038). Nothing is asked before a first version is published.
     */
    async guardianConsents(childIds: readonly number[]) {
      const document = await childConsentInForce();
      const order = await findTermsOrder(db, 'CHILD_PRIVACY_CONSENT');
      const rows = await findGuardianConsents(db, childIds);
      const today = seoulToday(clock);
      const byChild = new Map(
        childIds.map((id) => {
          const mine = rows.filter((row) => row.child_user_id === id);
          return [
            id,
            {
              consentNeeded:
                document !== undefined &&
                !mine.some((row) => agreementCovers(order, row.document_version, today)),
              consents: mine.map((row) => ({
                version: row.document_version,
                title: row.title ?? '',
                agreedAt: row.agreed_at,
                parentAlias: row.parent_alias,
              })),
            },
          ] as const;
        }),
      );
      return {
        document: document ? { version: document.version, title: document.title } : null,
        byChild,
      };
    },

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
