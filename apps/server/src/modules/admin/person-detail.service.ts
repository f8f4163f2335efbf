import type { AdminPersonDetail } from '@hamkke/contract/admin/people';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { plainText } from '../../lib/rich-text.ts';
import type { FilesService } from '../files/files.service.ts';
import type { CertificationOversightService } from '../missions/certification-oversight.service.ts';
import type { EarnedService } from '../rewards/earned.service.ts';
import type { TeamDirectoryService } from '../teams/team-directory.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { maskBirthDate, maskPhone } from '../users/person-masks.ts';

/** The family's newest certifications the detail shows. */
const CERTIFICATIONS_SHOWN = 60;

/**
 * A family's page in the console (support, decision 065): the owners' reads composed — the people
 * (users, personal data masked), their teams (teams), certifications (missions) with photos (files),
 * badges and rewards (rewards). The search, the reveal and every change are the owners' console
 * screens (users.console.ts, missions.console.ts).
 */
export function createPersonDetailService(deps: {
  db: Kysely<Database>;
  files: FilesService;
  users: UsersService;
  certificationOversight: CertificationOversightService;
  teamDirectory: TeamDirectoryService;
  earned: EarnedService;
}) {
  const { db, files, users, certificationOversight, teamDirectory, earned } = deps;

  async function parentOrThrow(executor: Kysely<Database>, userId: number) {
    const parent = await users.parent(userId, executor);
    if (!parent) throw new AppError('NOT_FOUND', 'No such parent');
    return parent;
  }

  return {
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
      const photosOf = await files.consolePhotosOf(certifications.map((row) => row.id));
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
          photos: photosOf(row.id),
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
  };
}
export type PersonDetailService = ReturnType<typeof createPersonDetailService>;
