import type { AdminPersonDetail } from '@hamkke/contract/admin/people';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toDomesticPhoneNumber } from '../../kakao/kakao-client.ts';
import { AppError } from '../../lib/app-error.ts';
import { plainText } from '../../lib/rich-text.ts';
import type { FilesService } from '../files/files.service.ts';
import type { CertificationOversightService } from '../missions/certification-oversight.service.ts';
import type { EarnedService } from '../rewards/earned.service.ts';
import type { TeamDirectoryService } from '../teams/team-directory.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { Actor, AuditService } from './audit.service.ts';

/** The family's newest certifications the detail shows. */
const CERTIFICATIONS_SHOWN = 60;

/** A stored phone number (Kakao's `+82 10-1234-5678`, or domestic) as `010-1234-5678`. */
export function formatPhone(stored: string | null): string | null {
  if (stored === null) return null;
  const digits = toDomesticPhoneNumber(stored) ?? stored.replace(/\D/g, '');
  if (digits.length < 8) return stored;
  return `${digits.slice(0, 3)}-${digits.slice(3, -4)}-${digits.slice(-4)}`;
}

/** `010-****-1234`: the last four digits only. */
export function maskPhone(stored: string | null): string | null {
  const phone = formatPhone(stored);
  if (phone === null) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return '****';
  return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
}

/** `1990-**-**`: the year only. */
export function maskBirthDate(birthDate: string | null): string | null {
  if (birthDate === null) return null;
  return /^\d{4}-/.test(birthDate) ? `${birthDate.slice(0, 4)}-**-**` : '****-**-**';
}

/** A query's phone part: its last four digits, when it holds at least four (e.g. `010-****-1234`). */
export function phoneTailOf(query: string): string | null {
  if (!/^[\d\s*+-]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/**
 * People (support): search, a family's detail with personal data masked, the audited reveal,
 * hiding certifications and suspending accounts. The data and the changes are the owners' (users,
 * missions, teams, rewards): hiding moves the team scores and suspending revokes the family's
 * tokens, each in the transaction this service opens, where it writes the audit row too.
 */
export function createAdminPeopleService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  files: FilesService;
  users: UsersService;
  certificationOversight: CertificationOversightService;
  teamDirectory: TeamDirectoryService;
  earned: EarnedService;
}) {
  const { db, audit, files, users, certificationOversight, teamDirectory, earned } = deps;

  async function parentOrThrow(executor: Kysely<Database>, userId: number) {
    const parent = await users.parent(userId, executor);
    if (!parent) throw new AppError('NOT_FOUND', 'No such parent');
    return parent;
  }

  /** The suspension is the users module's (with the revocations); the audit row joins its transaction. */
  async function suspension(actor: Actor, userId: number, reason: string | null) {
    return db.transaction().execute(async (trx) => {
      const { before, accounts, at } = await users.setFamilySuspended(userId, reason, trx);
      await audit.record(trx, actor, {
        action: reason === null ? 'person.unsuspend' : 'person.suspend',
        target: `user:${userId}`,
        before: { suspended: before.suspendedAt !== null, reason: before.suspendedReason },
        after: { suspended: reason !== null, reason, accounts },
      });
      return {
        userId: String(userId),
        suspendedAt: reason === null ? null : at,
        suspendedReason: reason,
        accounts: accounts.length,
      };
    });
  }

  /** Hiding and showing are the missions module's (the scores move); the audit row joins its transaction. */
  async function visibility(actor: Actor, certificationId: number, reason: string | null) {
    return db.transaction().execute(async (trx) => {
      const { before, at } =
        reason === null
          ? await certificationOversight.show(certificationId, trx)
          : await certificationOversight.hide(certificationId, reason, trx);
      await audit.record(trx, actor, {
        action: reason === null ? 'certification.unhide' : 'certification.hide',
        target: `certification:${certificationId}`,
        before: { hidden: before.hiddenAt !== null, reason: before.hiddenReason, userId: before.userId },
        after: { hidden: reason !== null, reason },
      });
      return {
        certificationId: String(certificationId),
        hiddenAt: reason === null ? null : at,
        hiddenReason: reason,
      };
    });
  }

  return {
    async search(input: { query: string; offset: number; limit: number }) {
      const page = await users.searchParents({
        text: input.query,
        phoneTail: phoneTailOf(input.query),
        offset: input.offset,
        limit: input.limit,
      });
      return {
        total: page.total,
        items: page.rows.map((row) => ({
          userId: String(row.id),
          name: row.name,
          alias: row.alias,
          maskedPhone: maskPhone(row.phone),
          kakaoId: row.kakao_id,
          childCount: Number(row.child_count ?? 0),
          suspendedAt: row.suspended_at,
          createdAt: row.created_at,
        })),
      };
    },

    async detail(userId: number): Promise<AdminPersonDetail> {
      const parent = await parentOrThrow(db, userId);
      const children = await users.childAccounts(userId);
      const family = [userId, ...children.map((child) => child.id)];
      const aliasOf = new Map([
        [parent.id, parent.alias],
        ...children.map((child): [number, string] => [child.id, child.alias]),
      ]);
      const alias = (id: number) => aliasOf.get(id) ?? '';
      const [teams, certifications, badges, rewards] = await Promise.all([
        teamDirectory.membershipsOf(family),
        certificationOversight.certificationsOf(family, CERTIFICATIONS_SHOWN),
        earned.badgesOf(family),
        earned.rewardsOf(family),
      ]);
      const roundTitles = await teamDirectory.roundTitles(rewards.map((row) => row.sub_challenge_id));
      const photos = await files.photosOfCertifications(certifications.map((row) => row.id));
      return {
        person: {
          userId: String(parent.id),
          name: parent.name,
          alias: parent.alias,
          maskedPhone: maskPhone(parent.phone),
          maskedBirthDate: maskBirthDate(parent.birth_date),
          kakaoId: parent.kakao_id,
          childCount: children.length,
          suspendedAt: parent.suspended_at,
          suspendedReason: parent.suspended_reason,
          createdAt: parent.created_at,
        },
        children: children.map((child) => ({
          userId: String(child.id),
          name: child.name,
          alias: child.alias,
          loginId: child.login_id,
          maskedBirthDate: maskBirthDate(child.birth_date),
          suspendedAt: child.suspended_at,
        })),
        teams: teams.map((row) => ({
          teamId: String(row.id),
          teamName: row.name,
          roundTitle: row.round_title,
          memberAlias: alias(row.user_id),
          role: row.role,
          joinedAt: row.joined_at,
        })),
        certifications: certifications.map((row) => ({
          certificationId: String(row.id),
          userId: String(row.user_id),
          authorAlias: alias(row.user_id),
          missionTitle: row.title,
          date: row.certified_on,
          text: plainText(row.content_html),
          photos: photos
            .filter((photo) => photo.certification_id === row.id)
            .map((photo) => {
              const { fileId, url, thumbnailUrl } = files.toPhoto(photo);
              return { fileId, url, thumbnailUrl };
            }),
          createdAt: row.created_at,
          hiddenAt: row.hidden_at,
          hiddenReason: row.hidden_reason,
        })),
        badges: badges.map((row) => ({
          memberAlias: alias(row.user_id),
          name: row.name,
          emoji: row.emoji,
          achievedAt: row.achieved_at,
        })),
        rewards: rewards.map((row) => ({
          rewardId: String(row.id),
          memberAlias: alias(row.user_id),
          roundTitle: roundTitles.get(row.sub_challenge_id) ?? '',
          kind: row.kind,
          unit: row.unit,
          amount: row.amount,
          status: row.status,
          grantedAt: row.granted_at,
        })),
      };
    },

    /** The unmasked values, each reveal one audit row (which names the fields, never the values). */
    reveal: (actor: Actor, userId: number) =>
      db.transaction().execute(async (trx) => {
        const parent = await parentOrThrow(trx, userId);
        const children = await users.childAccounts(userId, trx);
        await audit.record(trx, actor, {
          action: 'person.reveal',
          target: `user:${userId}`,
          after: { fields: ['phone', 'birthDate'], children: children.map((child) => child.id) },
        });
        return {
          userId: String(userId),
          phone: formatPhone(parent.phone),
          birthDate: parent.birth_date,
          children: children.map((child) => ({ userId: String(child.id), birthDate: child.birth_date })),
        };
      }),

    hideCertification: (actor: Actor, certificationId: number, reason: string) =>
      visibility(actor, certificationId, reason),
    unhideCertification: (actor: Actor, certificationId: number) => visibility(actor, certificationId, null),
    suspend: (actor: Actor, userId: number, reason: string) => suspension(actor, userId, reason),
    unsuspend: (actor: Actor, userId: number) => suspension(actor, userId, null),
  };
}
export type AdminPeopleService = ReturnType<typeof createAdminPeopleService>;
