import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { activityEventTypes } from './activity-events.ts';

export {
  activityEventTypes,
  isFailureEvent,
  tokenlessActivityEventTypes,
  UNKNOWN_ERROR_REASON,
  type ActivityEventType,
} from './activity-events.ts';

/** A failure event is a known type with `_FAILURE` appended (one list, so the docs show every value). */
export const activityEventTypeSchema = z.enum([
  ...activityEventTypes,
  ...activityEventTypes.map((type) => `${type}_FAILURE` as const),
]);

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
