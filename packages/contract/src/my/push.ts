import { z } from 'zod';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';

/** The kinds of push a person can turn on or off (decision 047). */
export const pushKinds = ['daily', 'invitation', 'teamDone', 'roundResults', 'rewardPaid'] as const;
export type PushKind = (typeof pushKinds)[number];

/** Default time of the daily reminder, Seoul wall time. */
export const DEFAULT_DAILY_TIME = '20:00';

/** Children get no push between these Seoul times (decision 047). */
export const CHILD_QUIET_FROM = '21:30';
export const CHILD_QUIET_UNTIL = '08:00';

/** `HH:mm`, 00:00 to 23:59. */
export const wallTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');

/** What the service worker receives in a push message (JSON, encrypted per RFC 8291). */
export const pushPayloadSchema = z.object({
  kind: z.enum(pushKinds),
  title: z.string(),
  body: z.string(),
  /** A path of the app the notification opens (or focuses). */
  url: z.string().startsWith('/'),
  /** One notification per kind and day: a newer one replaces it. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const pushPreferencesSchema = z.object({
  daily: z.boolean(),
  dailyTime: wallTimeSchema,
  invitation: z.boolean(),
  teamDone: z.boolean(),
  roundResults: z.boolean(),
  /** An operator paid out one of the family's rewards (decision 066). */
  rewardPaid: z.boolean(),
  /** A child's reminders follow their parent's choice: shown, not editable. */
  followsParent: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/** The server's VAPID public key (base64url) a browser subscribes with; null: push is off here. */
export const pushKeyEndpoint = defineEndpoint({
  path: 'my/push-key',
  auth: 'user',
  summary: '알림 구독용 공개 키',
  request: emptyRequestSchema,
  response: z.object({ publicKey: z.string().nullable() }),
});

/** A browser's PushSubscription (its `toJSON()`), kept for the signed-in person. */
export const pushSubscribeEndpoint = defineEndpoint({
  path: 'my/push-subscribe',
  auth: 'user',
  summary: '알림 구독',
  request: z.object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2000),
    keys: z.object({
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/),
      auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/),
    }),
  }),
  response: z.object({ subscribed: z.literal(true) }),
});

/** Forgets one browser's subscription (the caller's own). Safe to repeat. */
export const pushUnsubscribeEndpoint = defineEndpoint({
  path: 'my/push-unsubscribe',
  auth: 'user',
  summary: '알림 구독 해제',
  request: z.object({ endpoint: z.string().max(2000) }),
  response: z.object({ unsubscribed: z.literal(true) }),
});

export const pushPreferencesEndpoint = defineEndpoint({
  path: 'my/push-preferences',
  auth: 'user',
  summary: '알림 설정',
  request: emptyRequestSchema,
  response: pushPreferencesSchema,
});

/** A parent changes their choices (a child's follow them; a child is refused with 403). */
export const pushPreferencesUpdateEndpoint = defineEndpoint({
  path: 'my/push-preferences-update',
  auth: 'user',
  summary: '알림 설정 변경',
  request: pushPreferencesSchema.omit({ followsParent: true }).partial(),
  response: pushPreferencesSchema,
});
