import {
  CHILD_QUIET_FROM,
  CHILD_QUIET_UNTIL,
  DEFAULT_DAILY_TIME,
  type PushKind,
  type PushPayload,
  type PushPreferences,
} from '@hamkke/contract/my/push';
import { addDays } from '@hamkke/contract/dates';
import { seoulDateTime, seoulDayStart } from '@hamkke/contract/seoul-day';
import type { Insertable, Kysely } from 'kysely';
import type { Agent } from 'node:https';
import pLimit from 'p-limit';
import webpush from 'web-push';
import type { VapidKeys } from '../../config.ts';
import type { Database, PushSendsTable, UserType } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MissionsService } from '../missions/missions.service.ts';
import {
  claimDueSends,
  deleteSendsBefore,
  deleteSubscription,
  dropSends,
  dropUnreachableSends,
  findPeople,
  findPerson,
  findPreferences,
  findTeammatesOfFinishedFamily,
  findSubscribedPeople,
  findSubscriptions,
  insertRoundMemberSends,
  insertSend,
  insertSends,
  markDelivered,
  upsertPreferences,
  upsertSubscription,
  type PreferencesRow,
  type SubscriptionRow,
} from './push.repository.ts';

/**
 * Pushes taken a statement, pushes in flight to the push services at once (decision 047), and how
 * long one run of the job keeps sending batches (decision 058): the job wakes every minute.
 */
export const PUSH_BATCH = 200;
export const PUSH_CONCURRENCY = 20;
export const PUSH_RUN_BUDGET_MS = 45_000;
/** How long a push's row (its once-key, what it said) is kept (decision 047). */
export const PUSH_SENDS_KEPT_DAYS = 7;

/** What each kind says and opens (the server writes the text: the worker shows it as it comes). */
export const pushCopy: Record<PushKind, { title: string; body: string; url: string }> = {
  daily: {
    title: '오늘의 미션이 남았어요',
    body: '오늘 미션을 인증하고 가족과 함께 기록을 이어가요.',
    url: '/home',
  },
  invitation: { title: '팀 초대가 왔어요', body: '함께하자는 초대를 확인해 보세요.', url: '/team' },
  teamDone: {
    title: '팀원 가족이 오늘 미션을 마쳤어요',
    body: '우리 가족도 오늘 미션을 함께 끝내 볼까요?',
    url: '/active',
  },
  roundResults: {
    title: '라운드 결과가 나왔어요',
    body: '우리 팀의 순위와 메달을 확인해 보세요.',
    url: '/challenge/history',
  },
};

const yn = (value: boolean) => (value ? 'Y' : 'N');

function toPreferences(row: PreferencesRow | undefined, followsParent: boolean): PushPreferences {
  return {
    daily: (row?.daily_yn ?? 'Y') === 'Y',
    dailyTime: row?.daily_time ?? DEFAULT_DAILY_TIME,
    invitation: (row?.invitation_yn ?? 'Y') === 'Y',
    teamDone: (row?.team_done_yn ?? 'Y') === 'Y',
    roundResults: (row?.round_results_yn ?? 'Y') === 'Y',
    followsParent,
  };
}

/** Seoul wall time `HH:mm` of an instant. */
export function seoulWallTime(instant: Date): string {
  return seoulDateTime(instant).slice(11, 16);
}

/** No push reaches a child between 21:30 and 08:00 Seoul (decision 047). */
export function inChildQuietHours(instant: Date): boolean {
  const time = seoulWallTime(instant);
  return time >= CHILD_QUIET_FROM || time < CHILD_QUIET_UNTIL;
}

/** The end of the child quiet hours an instant is in (the next 08:00 Seoul). */
function quietHoursEnd(instant: Date): Date {
  const today = seoulDateTime(instant).slice(0, 10);
  const day = seoulWallTime(instant) >= CHILD_QUIET_FROM ? addDays(today, 1) : today;
  const [hours, minutes] = CHILD_QUIET_UNTIL.split(':').map(Number);
  return new Date(seoulDayStart(day).getTime() + (hours! * 60 + minutes!) * 60_000);
}

interface Person {
  id: number;
  user_type: UserType;
  parent_user_id: number | null;
}

export interface PushLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Web Push (decision 047): browsers' subscriptions, each person's choices (a child's are their
 * parent's), pushes written once per key and sent in batches by the reminder job.
 */
export function createPushService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  missions: MissionsService;
  vapid: VapidKeys | null;
  vapidSubject: string;
  /** Longest wait for one push service's answer. */
  timeoutMs?: number;
  /** The HTTPS agent pushes go through (a test's trusts its local push service). */
  agent?: Agent;
}) {
  const { db, clock } = deps;

  /** Whose choices apply: a child's parent, or the person. */
  const chooserOf = (person: Person) =>
    person.user_type === 'CHILD' && person.parent_user_id !== null ? person.parent_user_id : person.id;

  async function preferencesOf(
    people: readonly Person[],
    executor: Kysely<Database> = db,
  ): Promise<Map<number, PushPreferences>> {
    const rows = await findPreferences(executor, [...new Set(people.map(chooserOf))]);
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    return new Map(
      people.map((person) => [
        person.id,
        toPreferences(byUser.get(chooserOf(person)), chooserOf(person) !== person.id),
      ]),
    );
  }

  /** One push's row, keyed once per kind, person and key; a child's waits for the end of the quiet hours. */
  function sendRow(
    person: Person,
    kind: PushKind,
    key: string,
    overrides: Partial<PushPayload> = {},
    status: 'pending' | 'skipped' = 'pending',
  ): Insertable<PushSendsTable> {
    const now = clock();
    const notBefore = person.user_type === 'CHILD' && inChildQuietHours(now) ? quietHoursEnd(now) : now;
    const copy = { ...pushCopy[kind], ...overrides };
    return {
      send_key: `${kind}:${person.id}:${key}`,
      user_id: person.id,
      kind,
      day: seoulDateTime(now).slice(0, 10),
      title: copy.title,
      body: copy.body,
      url: copy.url,
      status,
      not_before: notBefore.toISOString(),
      created_at: now.toISOString(),
      sent_at: null,
    };
  }

  /** Writes one push once per key (true when written now). */
  const queue = (
    trx: Kysely<Database>,
    person: Person,
    kind: PushKind,
    key: string,
    overrides: Partial<PushPayload> = {},
  ) => insertSend(trx, sendRow(person, kind, key, overrides));

  /** One encrypted push to one browser: delivered, gone (404/410: forgotten) or failed. */
  async function deliver(subscription: SubscriptionRow, payload: PushPayload) {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: deps.vapidSubject, ...deps.vapid! },
          TTL: 12 * 60 * 60,
          urgency: 'normal',
          timeout: deps.timeoutMs ?? 10_000,
          contentEncoding: 'aes128gcm',
          ...(deps.agent ? { agent: deps.agent } : {}),
        },
      );
      return 'delivered' as const;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await deleteSubscription(db, subscription.endpoint);
        return 'gone' as const;
      }
      return 'failed' as const;
    }
  }

  /**
   * Team moments (in the caller's transaction): queued once per person and key for those with a
   * browser subscribed whose choice (or parent's) keeps the kind on.
   */
  async function queueMoment(
    trx: Kysely<Database>,
    people: readonly Person[],
    kind: Exclude<PushKind, 'daily'>,
    key: string,
    overrides: Partial<PushPayload> = {},
  ): Promise<number> {
    // Only people a push can reach get a row (decision 060): the rest would be written, then dropped.
    const subscribed = new Set(
      (
        await findSubscriptions(
          trx,
          people.map((person) => person.id),
        )
      ).map((subscription) => subscription.user_id),
    );
    const reachable = people.filter((person) => subscribed.has(person.id));
    const preferences = await preferencesOf(reachable, trx);
    let queued = 0;
    for (const person of reachable) {
      if (!preferences.get(person.id)![kind]) continue;
      if (await queue(trx, person, kind, key, overrides)) queued += 1;
    }
    return queued;
  }

  async function personOf(userId: number): Promise<Person> {
    const person = await findPerson(db, userId);
    if (!person) throw new AppError('NOT_FOUND', 'no such person');
    return person;
  }

  return {
    publicKey: () => deps.vapid?.publicKey ?? null,

    async subscribe(userId: number, input: { endpoint: string; keys: { p256dh: string; auth: string } }) {
      await upsertSubscription(db, {
        endpoint: input.endpoint,
        user_id: userId,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        created_at: clock().toISOString(),
        last_success_at: null,
      });
      return { subscribed: true as const };
    },

    async unsubscribe(userId: number, endpoint: string) {
      await deleteSubscription(db, endpoint, userId);
      return { unsubscribed: true as const };
    },

    async preferences(userId: number): Promise<PushPreferences> {
      const person = await personOf(userId);
      return (await preferencesOf([person])).get(person.id)!;
    },

    async updatePreferences(
      userId: number,
      changes: Partial<Omit<PushPreferences, 'followsParent'>>,
    ): Promise<PushPreferences> {
      const person = await personOf(userId);
      if (chooserOf(person) !== person.id)
        throw new AppError('FORBIDDEN', "a child's reminders follow their parent's choice");
      const current = (await preferencesOf([person])).get(person.id)!;
      const next = { ...current, ...changes };
      await upsertPreferences(db, {
        user_id: person.id,
        daily_yn: yn(next.daily),
        daily_time: next.dailyTime,
        invitation_yn: yn(next.invitation),
        team_done_yn: yn(next.teamDone),
        round_results_yn: yn(next.roundResults),
        updated_at: clock().toISOString(),
      });
      return { ...next, followsParent: false };
    },

    queueMoment,

    /** A direct invitation's invitee, once a day (in the invitation's transaction). */
    async invitationReceived(
      trx: Kysely<Database>,
      event: { inviteeId: number; teamName: string; at: string },
    ) {
      const people = await findPeople(trx, [event.inviteeId]);
      await queueMoment(trx, people, 'invitation', seoulDateTime(new Date(event.at)).slice(0, 10), {
        body: `${event.teamName} 팀에서 함께하자고 초대했어요.`,
      });
    },

    /**
     * A closed round's members, once a day (in the close's transaction): a national round's
     * 100,000 in one statement (decision 052), with the choices and quiet hours of `queue`.
     */
    async roundClosed(trx: Kysely<Database>, event: { subChallengeId: number; at: string }) {
      const now = clock();
      await insertRoundMemberSends(trx, {
        subChallengeId: event.subChallengeId,
        kind: 'roundResults',
        key: seoulDateTime(new Date(event.at)).slice(0, 10),
        copy: pushCopy.roundResults,
        day: seoulDateTime(now).slice(0, 10),
        now: now.toISOString(),
        childNotBefore: (inChildQuietHours(now) ? quietHoursEnd(now) : now).toISOString(),
      });
    },

    /**
     * A certification that completes its family's day in a team: the team's other families are
     * told, at most once a day each (in the certification's transaction).
     */
    async certified(trx: Kysely<Database>, event: { userId: number; subChallengeId: number; day: string }) {
      const teammates = await findTeammatesOfFinishedFamily(trx, event);
      if (teammates.length > 0) await queueMoment(trx, teammates, 'teamDone', event.day);
    },

    /**
     * The daily reminders due now: people whose chosen time (Seoul) has come today, whose today's
     * missions are not all certified, and who are not a child in the quiet hours. Once per person
     * per day (the key), whatever the number of servers or runs. Whoever is looked at and needs no
     * reminder gets the day's key as `skipped` (decision 058): each person's missions are read once
     * a day, not every minute until midnight.
     */
    async queueDailyReminders(): Promise<number> {
      const now = clock();
      const time = seoulWallTime(now);
      const day = seoulDateTime(now).slice(0, 10);
      const people = await findSubscribedPeople(db, day);
      const preferences = await preferencesOf(people);
      const reminders = [];
      const skipped = [];
      for (const person of people) {
        const choice = preferences.get(person.id)!;
        if (!choice.daily || time < choice.dailyTime) continue;
        if (person.user_type === 'CHILD' && inChildQuietHours(now)) continue;
        const { missions } = await deps.missions.missionList(person.id);
        if (missions.length > 0 && missions.some((mission) => !mission.certified)) {
          reminders.push(sendRow(person, 'daily', day));
        } else {
          skipped.push(sendRow(person, 'daily', day, {}, 'skipped'));
        }
      }
      await insertSends(db, skipped);
      return insertSends(db, reminders);
    },

    /** Deletes push rows older than {@link PUSH_SENDS_KEPT_DAYS}: a day's key is never needed again. */
    purgeOldSends: () =>
      deleteSendsBefore(db, new Date(clock().getTime() - PUSH_SENDS_KEPT_DAYS * 86_400_000).toISOString()),

    /**
     * Sends the pushes due now, batch after batch until none is due, the run's budget is spent or
     * the server stops (decision 058); each push is taken by one server only. A person with no
     * subscription left has their pushes dropped.
     */
    async sendDue(
      options: { budgetMs?: number; stopping?: AbortSignal } = {},
    ): Promise<{ sent: number; delivered: number; gone: number; failed: number }> {
      const totals = { sent: 0, delivered: 0, gone: 0, failed: 0 };
      if (!deps.vapid) return totals;
      const deadline = performance.now() + (options.budgetMs ?? PUSH_RUN_BUDGET_MS);
      const inFlight = pLimit(PUSH_CONCURRENCY);
      await dropUnreachableSends(db, clock().toISOString());
      do {
        const taken = await claimDueSends(db, { now: clock().toISOString(), limit: PUSH_BATCH });
        if (taken.length === 0) break;
        const byUser = new Map<number, SubscriptionRow[]>();
        for (const subscription of await findSubscriptions(db, [
          ...new Set(taken.map((row) => row.user_id)),
        ])) {
          const mine = byUser.get(subscription.user_id);
          if (mine) mine.push(subscription);
          else byUser.set(subscription.user_id, [subscription]);
        }
        // Whoever lost every subscription since the drop above.
        const unreachable = taken.filter((send) => !byUser.has(send.user_id));
        await dropSends(
          db,
          unreachable.map((send) => send.send_key),
        );
        totals.sent += taken.length - unreachable.length;
        const reached: string[] = [];
        await Promise.all(
          taken.flatMap((send) =>
            (byUser.get(send.user_id) ?? []).map((subscription) =>
              inFlight(async () => {
                const outcome = await deliver(subscription, {
                  kind: send.kind,
                  title: send.title,
                  body: send.body,
                  url: send.url,
                  tag: `${send.kind}:${send.day}`,
                });
                totals[outcome] += 1;
                if (outcome === 'delivered') reached.push(subscription.endpoint);
              }),
            ),
          ),
        );
        await markDelivered(db, reached, clock().toISOString());
      } while (performance.now() < deadline && !options.stopping?.aborted);
      return totals;
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
