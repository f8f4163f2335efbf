import type { UserInfo } from '@hamkke/contract/login/session';
import type { UserRow } from '../../db/schema.ts';

/** The session user the web app keeps, from a user row. */
export function toUserInfo(user: UserRow, makeLoginKey: (kakaoId: string) => string): UserInfo {
  const isParent = user.user_type === 'PARENT';
  return {
    userId: String(user.id),
    id: isParent ? (user.kakao_id ?? '') : (user.login_id ?? ''),
    loginKey: isParent && user.kakao_id ? makeLoginKey(user.kakao_id) : '',
    userNm: user.name,
    alias: user.alias,
    userStatus: user.status,
    userType: user.user_type,
  };
}

/** `YYYY-MM-DD` from Kakao's birthyear and MMDD birthday, or null. */
export function kakaoBirthDate(birthyear: string | null, birthday: string | null): string | null {
  if (!birthyear || !birthday || !/^\d{4}$/.test(birthyear) || !/^\d{4}$/.test(birthday)) return null;
  return `${birthyear}-${birthday.slice(0, 2)}-${birthday.slice(2)}`;
}
