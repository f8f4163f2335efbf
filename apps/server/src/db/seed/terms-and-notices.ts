import type { Kysely } from 'kysely';
import { RETENTION } from '@hamkke/contract/retention';
import type { Database } from '../schema.ts';
import { childPrivacyConsent, DEMO_CHILD_CONSENT_VERSION } from './guardian-consents.ts';

/** Terms of use and privacy policy (two versions each), common codes and notices. */
export async function seedTermsCodesAndNotices(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .insertInto('terms_documents')
    .values([
      {
        kind: 'TERMS_OF_USE',
        version: '1.0',
        title: '함께미션 이용약관',
        content: termsOfUse('1.0'),
        effective_date: '2025-03-01',
      },
      {
        kind: 'TERMS_OF_USE',
        version: '1.1',
        title: '함께미션 이용약관',
        content: termsOfUse('1.1'),
        effective_date: '2026-06-01',
      },
      {
        kind: 'PRIVACY_POLICY',
        version: '1.0',
        title: '개인정보 처리방침',
        content: privacyPolicy('1.0'),
        effective_date: '2025-03-01',
      },
      {
        kind: 'PRIVACY_POLICY',
        version: '1.1',
        title: '개인정보 처리방침',
        content: privacyPolicy('1.1'),
        effective_date: '2026-06-01',
      },
      {
        kind: 'PRIVACY_POLICY',
        version: PRIVACY_POLICY_WITH_RETENTION,
        title: '개인정보 처리방침',
        content: privacyPolicy(PRIVACY_POLICY_WITH_RETENTION),
        effective_date: '2026-11-26',
      },
      {
        kind: 'CHILD_PRIVACY_CONSENT',
        version: DEMO_CHILD_CONSENT_VERSION,
        title: '만 14세 미만 아동의 개인정보 수집·이용 동의',
        content: childPrivacyConsent(DEMO_CHILD_CONSENT_VERSION),
        effective_date: '2025-03-01',
      },
    ])
    .execute();

  await db
    .insertInto('common_codes')
    .values([
      { group_key: 'CHALLENGE_TYPE', code: 'challenge', name: '챌린지', sort: 1 },
      { group_key: 'CHALLENGE_TYPE', code: 'always', name: '상시', sort: 2 },
      { group_key: 'PROOF_TYPE', code: 'PHOTO', name: '사진 인증', sort: 1 },
      { group_key: 'PROOF_TYPE', code: 'TEXT', name: '글 인증', sort: 2 },
      { group_key: 'PROOF_TYPE', code: 'PHOTO_TEXT', name: '사진과 글 인증', sort: 3 },
      { group_key: 'REWARD_TYPE', code: 'PAID', name: '상품 보상', sort: 1 },
      { group_key: 'REWARD_TYPE', code: 'TRAFFIC', name: '데이터 보상', sort: 2 },
      { group_key: 'REWARD_TYPE', code: 'BADGES', name: '배지 보상', sort: 3 },
      { group_key: 'REWARD_STATUS', code: 'PENDING', name: '지급 대기', sort: 1 },
      { group_key: 'REWARD_STATUS', code: 'PAID', name: '지급 완료', sort: 2 },
      { group_key: 'MEDAL', code: 'GOLD', name: '금메달', sort: 1 },
      { group_key: 'MEDAL', code: 'SILVER', name: '은메달', sort: 2 },
      { group_key: 'MEDAL', code: 'BRONZE', name: '동메달', sort: 3 },
    ])
    .execute();

  const notices = [
    [
      '[필독] 함께미션 서비스 이용 안내',
      '가족과 함께 하루 미션을 인증하고 팀과 함께 성장해 보세요.\n\n인증은 사람·미션·하루에 한 번 할 수 있어요.',
      1,
      -20,
    ],
    [
      '21일 가족 건강 챌린지 2기 시작',
      '2기가 시작되었어요. 팀원과 함께 21일 동안 건강 습관을 만들어 보세요.',
      1,
      -7,
    ],
    [
      '개인정보 처리방침 개정 안내 (v1.1)',
      '2026년 6월 1일부터 개정된 개인정보 처리방침이 적용돼요. 자녀 계정 정보 보관 기간이 명확해졌어요.',
      0,
      -30,
    ],
    [
      '11월 보상 지급 일정 안내',
      '1기 완주 보상은 11월 25일까지 차례로 지급돼요. 마이 > 보상 내역에서 확인할 수 있어요.',
      0,
      -5,
    ],
    [
      '사진 인증 화질 개선',
      '인증 사진이 더 선명하게 보이도록 개선했어요. 위치 정보는 저장하지 않아요.',
      0,
      -3,
    ],
    [
      '서버 점검 안내 (11월 27일 새벽 2시~4시)',
      '더 안정적인 서비스를 위해 점검을 진행해요. 점검 중에는 인증이 잠시 중단돼요.',
      0,
      -1,
    ],
  ] as const;
  await db
    .insertInto('notices')
    .values(
      notices.map(([title, content, isTop, daysAgo]) => ({
        title,
        content,
        is_top: isTop,
        published_at: new Date(now.getTime() + daysAgo * 86_400_000).toISOString(),
      })),
    )
    .execute();
}

function termsOfUse(version: string): string {
  return [
    `함께미션 이용약관 (버전 ${version})`,
    '제1조 (목적)\n이 약관은 (주)함께미션(이하 "회사")이 제공하는 가족 미션 인증 서비스의 이용 조건과 절차, 회사와 회원의 권리·의무를 정하는 것을 목적으로 해요.',
    '제2조 (회원)\n만 19세 이상의 성인은 카카오 계정으로 가입할 수 있어요. 자녀 계정은 부모 회원이 만들고 관리해요.',
    '제3조 (미션 인증)\n회원은 하루에 미션마다 한 번 사진과 글로 인증할 수 있어요. 타인의 권리를 침해하거나 금칙어가 포함된 게시물은 올릴 수 없어요.',
    '제4조 (보상)\n챌린지를 완주한 회원에게는 회사가 정한 기준에 따라 보상이 지급돼요.',
    version === '1.1' ? '제5조 (팀)\n팀 관리자는 팀 정보를 수정하고 팀원을 내보낼 수 있어요.' : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The privacy policy version that states every retention period and the children's section (decision 039). */
export const PRIVACY_POLICY_WITH_RETENTION = '1.2';

/** 보관 기간: one line per kind, from the same periods the retention job enforces. */
export function retentionLines(): string[] {
  return Object.values(RETENTION).map(({ label, words, from }) => `- ${label}: ${from}부터 ${words}`);
}

export function privacyPolicy(version: string): string {
  if (version === PRIVACY_POLICY_WITH_RETENTION) return privacyPolicyWithRetention(version);
  return [
    `개인정보 처리방침 (버전 ${version})`,
    '1. 수집하는 개인정보\n카카오 계정 식별자, 이름, 생년월일, 휴대전화 번호를 수집해요. 자녀 계정은 아이디와 이름만 수집해요.',
    '2. 이용 목적\n본인 확인, 연령 확인(만 19세 이상), 미션 인증 서비스 제공과 보상 지급에 이용해요.',
    '3. 보관 기간\n회원 탈퇴 또는 카카오 연결 끊기 시 지체 없이 파기해요. 인증 사진의 위치 정보는 저장하지 않아요.',
    version === '1.1'
      ? '4. 자녀 정보\n부모 회원은 언제든 자녀 계정을 조회·수정·삭제할 수 있고, 삭제하면 자녀의 인증 사진도 함께 지워져요.'
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

function privacyPolicyWithRetention(version: string): string {
  return [
    `개인정보 처리방침 (버전 ${version})`,
    '1. 수집하는 개인정보\n카카오 계정 식별자, 이름, 생년월일, 휴대전화 번호를 수집해요. 자녀 계정은 이름, 아이디, 비밀번호(암호화해서 저장해요)와 자녀가 올린 인증 사진과 글을 수집해요.',
    '2. 이용 목적\n본인 확인, 연령 확인(만 19세 이상), 미션 인증 서비스 제공과 보상 지급에 이용해요.',
    [
      '3. 보관 기간',
      '회원 탈퇴, 카카오 연결 끊기, 자녀 계정 삭제 때 계정 정보와 인증 사진·글은 바로 지워요. 로그인 기록은 생년월일을 지운 채 아래 기간까지만 남아요.',
      '그 밖의 정보는 아래 기간이 지나면 자동으로 지워요.',
      ...retentionLines(),
      '인증 사진의 위치 정보는 처음부터 저장하지 않아요.',
    ].join('\n'),
    '4. 자녀 정보\n부모 회원은 언제든 자녀 계정을 조회·수정·삭제할 수 있고, 삭제하면 자녀의 인증 사진도 함께 지워져요.',
    [
      '5. 만 14세 미만 아동의 개인정보',
      '자녀 계정은 법정대리인인 부모 회원이 만들고, 부모 회원의 동의를 받아 자녀의 정보를 수집해요.',
      '자녀의 인증 사진과 글은 같은 팀의 구성원이 볼 수 있고, 공유 링크를 가진 사람은 누구나 그날의 인증을 볼 수 있어요. ' +
        `공유 링크는 인증한 날부터 ${RETENTION.shareLinks.words} 동안만 열려요.`,
      '자녀는 당일 올린 인증을 직접 지울 수 있어요. 지난 인증을 지우고 싶으면 부모 회원에게 말하면 돼요. 부모 회원은 고객센터에 삭제를 요청하거나 자녀 계정을 삭제할 수 있어요.',
      '자녀가 처음 로그인하면 누가 사진을 볼 수 있는지, 지우고 싶을 때 어떻게 하는지를 쉬운 말로 알려 주고, 마이 화면에서 언제든 다시 볼 수 있어요.',
    ].join('\n'),
  ].join('\n\n');
}
