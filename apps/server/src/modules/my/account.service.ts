import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toDomesticPhoneNumber, type KakaoClient } from '../../kakao/kakao-client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FilesService } from '../files/files.service.ts';
import type { ActivityLogService } from '../identity/activity-log.service.ts';
import { toUserInfo } from '../identity/identity.mappers.ts';
import { appErrorFromKakao } from '../identity/kakao-errors.ts';
import type { PinService } from '../identity/pin.service.ts';
import type { UsersService } from '../users/users.service.ts';

/** `010-****-5678`: enough to recognise one's own number, not to read it. */
export function maskPhone(phone: string | null): string | null {
  const domestic = phone ? toDomesticPhoneNumber(phone) : null;
  if (!domestic) return null;
  return `${domestic.slice(0, 3)}-****-${domestic.slice(-4)}`;
}

export function createAccountService(deps: {
  users: UsersService;
  db: Kysely<Database>;
  kakao: KakaoClient;
  pin: PinService;
  activity: ActivityLogService;
  files: FilesService;
  /** Takes people out of every team before they are deleted. */
  leaveTeams: (userIds: readonly number[]) => Promise<void>;
  /** Deletes the family's data exports and their files (decision 040). */
  forgetExports: (userIds: readonly number[]) => Promise<void>;
  makeLoginKey: (kakaoId: string) => string;
}) {
  const { users, pin, activity } = deps;
  const fromKakao = (error: unknown): never => appErrorFromKakao(error, 'call');

  /** The person and their children, photos included (security.md, PIPA); login records keep no birth date. */
  async function erase(userId: number) {
    const family = await users.familyIds(userId);
    await activity.forgetBirthDates(family);
    await deps.leaveTeams(family);
    await deps.forgetExports(family);
    await deps.files.deleteOwnersWithPhotos(family, () => users.deleteWithChildren(userId));
  }

  async function currentUser(userId: number) {
    const user = await users.findById(userId);
    if (!user || user.status !== 'USER') throw new AppError('UNAUTHORIZED', 'The account is gone');
    return user;
  }

  return {
    async myInfo(userId: number) {
      const user = await currentUser(userId);
      return {
        ...toUserInfo(user, deps.makeLoginKey),
        maskedPhone: maskPhone(user.phone),
        birthDate: user.birth_date,
        pinUser: { result: await pin.resolve(user) },
        createdAt: user.created_at,
      };
    },

    checkPin: async (userId: number) => ({ result: await pin.check(await currentUser(userId)) }),

    authAbo: async (userId: number, memberNo: string, ipAddress: string) => ({
      result: await pin.verifyMemberNo(await currentUser(userId), memberNo, ipAddress),
    }),

    /**
     * Kakao unlink: the Kakao token must belong to the signed-in parent; Kakao forgets the app, and
     * the person's data (children included) is deleted.
     */
    async unlinkKakao(userId: number, kakaoAccessToken: string) {
      const user = await currentUser(userId);
      if (user.user_type !== 'PARENT') throw new AppError('FORBIDDEN', 'Only parents have a Kakao account');
      const profile = await deps.kakao.getProfile(kakaoAccessToken).catch(fromKakao);
      if (profile.kakaoId !== user.kakao_id) throw new AppError('FORBIDDEN', 'Another Kakao account');
      await deps.kakao.unlink(kakaoAccessToken).catch(fromKakao);
      await erase(user.id);
      await activity.record({ eventType: 'USER_WITHDRAWAL', title: 'KAKAO_UNLINK', userNm: null });
      return { unlinked: true as const };
    },

    /** Withdrawal: a parent's account and children, or a child's own account, are deleted. */
    async withdraw(userId: number) {
      const user = await currentUser(userId);
      await erase(user.id);
      await activity.record({
        eventType: user.user_type === 'CHILD' ? 'CHILD_ACCOUNT_LEAVE' : 'USER_WITHDRAWAL',
        userId: user.parent_user_id ? String(user.parent_user_id) : null,
      });
      return { withdrawn: true as const };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
