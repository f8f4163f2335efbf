import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** The version the demo data publishes of the child privacy document (decision 038). */
export const DEMO_CHILD_CONSENT_VERSION = '1.0';

/**
 * 만 14세 미만 아동의 개인정보 수집·이용 동의 as the demo data publishes it: what is collected, why,
 * how long, who sees it. The periods follow the retention the service keeps (issue 32).
 */
export function childPrivacyConsent(version: string): string {
  return [
    `만 14세 미만 아동의 개인정보 수집·이용 동의 (버전 ${version})`,
    '함께미션은 「개인정보 보호법」 제22조의2에 따라 만 14세 미만 아동의 개인정보를 수집하기 전에 법정대리인(부모님)의 동의를 받아요. 자녀 계정은 부모 회원만 만들 수 있고, 자녀 한 명마다 따로 동의를 받아요.',
    '1. 수집하는 항목\n자녀의 이름, 로그인 아이디, 비밀번호(복원할 수 없는 방식으로 바꿔서 저장해요), 자녀가 올린 인증 사진과 글을 수집해요. 전화번호, 생년월일, 위치 정보는 수집하지 않아요.',
    '2. 이용 목적\n자녀가 로그인해서 가족·팀과 함께 미션을 인증하고, 배지와 메달, 보상을 받는 데에만 써요. 광고나 마케팅에는 쓰지 않아요.',
    '3. 보관 기간\n인증 사진과 글은 자녀 계정이 있는 동안 보관해요. 인증을 지우면 그 사진은 30일 안에 완전히 지워요. 로그인·활동 기록은 1년 동안 보관한 뒤 지워요. 부모님이 자녀 계정을 지우거나 탈퇴하면 자녀의 정보도 지체 없이 지워요.',
    '4. 누가 볼 수 있나요\n자녀가 올린 인증 사진과 글은 같은 팀의 팀원들이 볼 수 있어요. 하루 인증을 공유 링크로 보내면, 그 링크를 가진 사람은 누구나 그날의 인증을 볼 수 있어요.',
    '5. 동의하지 않을 권리\n동의하지 않을 수 있어요. 다만 동의하지 않으면 자녀 계정을 만들 수 없어요. 동의는 나중에 자녀 계정을 지워서 철회할 수 있어요.',
  ].join('\n\n');
}

/**
 * Demo children come with their parent's consent to the demo version, agreed when the child's
 * account was made, from a documentation address (RFC 5737). Real children are never given one
 * by a migration: their parent is asked at the next visit (decision 038).
 */
export async function seedGuardianConsents(
  db: Kysely<Database>,
  families: readonly { parentId: number; childIds: number[] }[],
  signedUp: ReadonlyMap<number, string>,
): Promise<void> {
  const rows = families.flatMap(({ parentId, childIds }) =>
    childIds.map((childId) => ({
      parent_user_id: parentId,
      child_user_id: childId,
      document_version: DEMO_CHILD_CONSENT_VERSION,
      agreed_at: signedUp.get(childId)!,
      ip_address: `203.0.113.${(childId % 250) + 1}`,
    })),
  );
  if (rows.length > 0) await db.insertInto('guardian_consents').values(rows).execute();
}
