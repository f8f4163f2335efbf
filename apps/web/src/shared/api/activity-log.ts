import {
  isFailureEvent,
  UNKNOWN_ERROR_REASON,
  type ActivityEventType,
} from '@hamkke/contract/user/activity-events';
import { saveUserActivityLogEndpoint } from '@hamkke/contract/routes';
import type { ActivityLog } from '@hamkke/contract/user/activity-log';
import { isLoggedIn, useSessionStore, type UserInfo } from '../stores/session-store.ts';
import { callApi } from './client.ts';

/** A known event of spec §9, or its failure (`_FAILURE`). */
export type ActivityEvent = ActivityEventType | `${ActivityEventType}_FAILURE`;

/** What a caller may add to the record; everything else comes from the session and the page. */
export type ActivityDetails = Pick<ActivityLog, 'title' | 'body' | 'statusCode' | 'errorReason'>;

const MAX_URL = 2000;
const MAX_REASON = 500;

/**
 * The activity record of spec §3: the session user (kakaoUid from the loginKey, the name falling
 * back to the alias), the current page, status 200, or 500 and an "unknown error" reason for
 * failure events, unless the caller says otherwise.
 */
export function buildActivityLog(
  eventType: ActivityEvent,
  userInfo: Pick<UserInfo, 'userId' | 'loginKey' | 'userNm' | 'alias'> | null,
  url: string,
  details: ActivityDetails = {},
): ActivityLog {
  const failure = isFailureEvent(eventType);
  return {
    eventType,
    userId: userInfo?.userId ?? null,
    kakaoUid: userInfo?.loginKey ? userInfo.loginKey : null,
    userNm: userInfo ? userInfo.userNm || userInfo.alias || null : null,
    url: url.slice(0, MAX_URL),
    title: details.title ?? null,
    body: details.body ?? null,
    statusCode: details.statusCode ?? (failure ? 500 : 200),
    errorReason:
      (details.errorReason ?? (failure ? UNKNOWN_ERROR_REASON : null))?.slice(0, MAX_REASON) ?? null,
  };
}

/** Records an activity without waiting for it; a failed save is only written to the console (spec §8). */
export function recordActivity(eventType: ActivityEvent, details: ActivityDetails = {}): void {
  const session = useSessionStore.getState();
  const record = buildActivityLog(eventType, session.userInfo, window.location.href, details);
  // The call is public, but the server names the person in the record only when their token comes
  // with it (and takes only login attempts and failures without one).
  const endpoint = isLoggedIn(session)
    ? { ...saveUserActivityLogEndpoint, auth: 'user' as const }
    : saveUserActivityLogEndpoint;
  callApi(endpoint, record).catch((error: unknown) => {
    console.error(`[activity] could not save ${eventType}`, error);
  });
}
