/* Without zod: the first load reports events with this (activity-log.ts builds its schemas from it). */

/** Activity event types of spec §9, the data export's two (decision 040) and a parent's unlock of a child's login. */
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
  /** A parent lifted the lock on their child's login id (issue 46). */
  'CHILD_LOGIN_UNLOCK',
  'USER_WITHDRAWAL',
  /** A parent asked for the family's data export (decision 040). */
  'DATA_EXPORT_REQUEST',
  /** The requester downloaded a finished export. */
  'DATA_EXPORT_DOWNLOAD',
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

/** Default reason of a failure event (spec §3): "알 수 없는 오류가 발생했습니다". */
export const UNKNOWN_ERROR_REASON = '알 수 없는 오류가 발생했습니다.';

export function isFailureEvent(eventType: string): boolean {
  return eventType.endsWith('_FAILURE');
}
