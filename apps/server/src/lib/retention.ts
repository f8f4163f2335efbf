/**
 * How long each kind of data lives (issue 32 item 4, decision 039, `docs/retention.md`). One source:
 * the retention job's rules and the seeded privacy policy both read these, and a unit test holds the
 * table in `docs/retention.md` to them.
 */
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface RetentionPeriod {
  /** How long after its starting point (see `from`) the data goes. */
  ms: number;
  /** The period in the privacy policy's words. */
  words: string;
  /** What the period counts from, in the policy's words. */
  from: string;
}

export const RETENTION = {
  loginLogs: { ms: 365 * DAY, words: '1년', from: '로그인한 때' },
  activityLogs: { ms: 365 * DAY, words: '1년', from: '기록된 때' },
  shareLinks: { ms: 90 * DAY, words: '90일', from: '공유한 날' },
  pendingUploads: { ms: DAY, words: '1일', from: '올린 때' },
  orphanPhotos: { ms: HOUR, words: '1시간', from: '인증이나 계정이 지워진 때' },
  hiddenCertificationPhotos: { ms: 30 * DAY, words: '30일', from: '운영자가 숨긴 때' },
  accessTokens: { ms: 7 * DAY, words: '7일', from: '만료되거나 로그아웃한 때' },
  autoLoginTokens: { ms: 7 * DAY, words: '7일', from: '만료되거나 해제된 때' },
  kakaoLoginAttempts: { ms: DAY, words: '1일', from: '로그인을 시작한 때' },
  operatorSessions: { ms: 30 * DAY, words: '30일', from: '운영자 세션이 끝난 때' },
  exports: { ms: DAY, words: '24시간', from: '만들어진 때' },
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
