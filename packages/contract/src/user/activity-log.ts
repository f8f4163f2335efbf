import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** Activity event types of spec §9. */
export const activityEventTypes = [
  'LOGIN_ATTEMPT',
  'KAKAO_LOGIN_ATTEMPT',
  'SIGNUP_FAILURE',
  'PHONE_VERIFICATION_FAILURE',
  'UNDER19',
  'EMPTY_PHONE_NUMBER',
  'TEAM_INVITE_LINK_ACCESS',
  'TEAM_JOIN_TERMS_AGREE',
  'TEAM_JOIN_SUCCESS',
  'TEAM_LEAVE',
  'TEAM_DELETE',
  'CHILD_INVITE_LINK_ACCESS',
  'CHILD_INVITE_TERMS_AGREE',
  'CHILD_ACCOUNT_CREATE',
  'CHILD_ACCOUNT_DELETE',
  'CHILD_ACCOUNT_LEAVE',
  'USER_WITHDRAWAL',
] as const;
export type ActivityEventType = (typeof activityEventTypes)[number];

/**
 * What a client may report without an access token (the spec's client logs these before login):
 * login attempts and their failures. Anything else needs the token of the person it is about.
 */
export const tokenlessActivityEventTypes: readonly string[] = [
  'LOGIN_ATTEMPT',
  'LOGIN_ATTEMPT_FAILURE',
  'KAKAO_LOGIN_ATTEMPT',
  'KAKAO_LOGIN_ATTEMPT_FAILURE',
  'SIGNUP_FAILURE',
];

/** A failure event is a known type with `_FAILURE` appended (one list, so the docs show every value). */
export const activityEventTypeSchema = z.enum([
  ...activityEventTypes,
  ...activityEventTypes.map((type) => `${type}_FAILURE` as const),
]);

/** Default reason of a failure event (spec §3): "알 수 없는 오류가 발생했습니다". */
export const UNKNOWN_ERROR_REASON = '알 수 없는 오류가 발생했습니다.';

export function isFailureEvent(eventType: string): boolean {
  return eventType.endsWith('_FAILURE');
}

/**
 * The activity record of spec §3. The server fills the IP address itself and ignores a sent one,
 * stores the record as client-reported, and keeps `userId` only when the call carries that person's
 * token.
 */
export const activityLogSchema = z.object({
  eventType: activityEventTypeSchema,
  userId: z.string().max(20).nullish(),
  kakaoUid: z.string().max(200).nullish(),
  userNm: z.string().max(50).nullish(),
  title: z.string().max(200).nullish(),
  url: z.string().max(2000).nullish(),
  body: z.string().max(4000).nullish(),
  statusCode: z.number().int().min(100).max(599).optional(),
  errorReason: z.string().max(500).nullish(),
});
export type ActivityLog = z.infer<typeof activityLogSchema>;

export const saveUserActivityLogEndpoint = defineEndpoint({
  path: 'user/save-user-activity-log',
  auth: 'public',
  summary: '사용자 활동 로그 저장',
  request: activityLogSchema,
  response: z.object({ saved: z.literal(true) }),
});
