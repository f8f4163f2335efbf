/**
 * How long each kind of data lives (issue 32 item 4, decision 039, `docs/retention.md`). One source:
 * the server's retention job, the seeded privacy policy and the web's child notice all read these,
 * and a unit test holds the table in `docs/retention.md` to them.
 */
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface RetentionPeriod {
  /** The kind of data, in the privacy policy's words. */
  label: string;
  /** How long after its starting point (see `from`) the data goes. */
  ms: number;
  /** The period in the privacy policy's words. */
  words: string;
  /** What the period counts from, in the policy's words. */
  from: string;
}

export const RETENTION = {
  loginLogs: { label: '로그인 기록', ms: 365 * DAY, words: '1년', from: '로그인한 때' },
  activityLogs: { label: '서비스 이용 기록', ms: 365 * DAY, words: '1년', from: '기록된 때' },
  shareLinks: { label: '인증 공유 링크', ms: 90 * DAY, words: '90일', from: '인증한 날' },
  pendingUploads: { label: '인증에 쓰지 않은 사진', ms: DAY, words: '1일', from: '올린 때' },
  orphanPhotos: {
    label: '지운 인증과 탈퇴한 계정의 사진 파일',
    ms: HOUR,
    words: '1시간',
    from: '인증이나 계정이 지워진 때',
  },
  hiddenCertificationPhotos: {
    label: '운영자가 숨긴 인증의 사진',
    ms: 30 * DAY,
    words: '30일',
    from: '운영자가 숨긴 때',
  },
  accessTokens: {
    label: '로그인 상태 정보(접근 토큰)',
    ms: 7 * DAY,
    words: '7일',
    from: '만료되거나 로그아웃한 때',
  },
  autoLoginTokens: { label: '자동 로그인 정보', ms: 7 * DAY, words: '7일', from: '만료되거나 해제된 때' },
  kakaoLoginAttempts: { label: '카카오 로그인 시도 정보', ms: DAY, words: '1일', from: '로그인을 시작한 때' },
  operatorSessions: { label: '운영자 접속 정보', ms: 30 * DAY, words: '30일', from: '운영자 세션이 끝난 때' },
  exports: { label: '가족 데이터 내려받기 파일', ms: DAY, words: '24시간', from: '만들어진 때' },
} as const satisfies Record<string, RetentionPeriod>;

export type RetentionKind = keyof typeof RETENTION;

/** The instant before which data of this kind has outlived its period at `now`. */
export function retentionCutoff(kind: RetentionKind, now: Date): string {
  return new Date(now.getTime() - RETENTION[kind].ms).toISOString();
}

/** Whole days of a period counted in Seoul days (share links are per day). */
export function retentionDays(kind: RetentionKind): number {
  return Math.round(RETENTION[kind].ms / DAY);
}
