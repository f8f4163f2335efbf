import {
  CHILD_QUIET_FROM,
  CHILD_QUIET_UNTIL,
  type PushKind,
  type PushPayload,
} from '@hamkke/contract/my/push';
import { addDays } from '@hamkke/contract/dates';
import { seoulDateTime, seoulDayStart } from '@hamkke/contract/seoul-day';
import type { Insertable, Kysely } from 'kysely';
import type { Database, PushSendsTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MissionsService } from '../missions/missions.service.ts';
import type { PushPerson, PushSubscriptionsService } from './push-subscriptions.service.ts';
import {
  deleteSendsBefore,
  findPeople,
  findTeammatesOfFinishedFamily,
  findSubscribedPeople,
  findSubscriptions,
  insertRoundMemberSends,
  insertSend,
  insertSends,
} from './push.repository.ts';

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
  rewardPaid: {
    title: '보상이 지급됐어요',
    body: '챌린지 완주 보상이 지급 완료됐어요. 보상 내역에서 확인해 보세요.',
    url: '/my/rewardHistory',
  },
};

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

/**
 * Which pushes are written (decision 047): once per person, kind and day (the send key), only for
 * people with a browser subscribed (decision 060) whose choice keeps the kind on, by the daily pass
 * (each person looked at once a day, decision 058) and the team moments' event handlers, in the
 * transaction of what caused them. The delivery service sends what is written here.
 */
export function createPushSchedulingService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  missions: MissionsService;
  subscriptions: Pick<PushSubscriptionsService, 'choicesOf'>;
}) {
  const { db, clock } = deps;

  /** One push's row, keyed once per kind, person and key; a child's waits for the end of the quiet hours. */
  function sendRow(
    person: PushPerson,
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
    person: PushPerson,
    kind: PushKind,
    key: string,
    overrides: Partial<PushPayload> = {},
  ) => insertSend(trx, sendRow(person, kind, key, overrides));

  /**
   * Team moments (in the caller's transaction): queued once per person and key for those with a
   * browser subscribed whose choice (or parent's) keeps the kind on.
   */
  async function queueMoment(
    trx: Kysely<Database>,
    people: readonly PushPerson[],
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
    const preferences = await deps.subscriptions.choicesOf(reachable, trx);
    let queued = 0;
    for (const person of reachable) {
      if (!preferences.get(person.id)![kind]) continue;
      if (await queue(trx, person, kind, key, overrides)) queued += 1;
    }
    return queued;
  }

  return {
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
     * Rewards an operator paid (in the payout's transaction): their holders and, for a child, the
     * parent, once a day each (a second payout that day is in the same notification); a child's
     * waits for the end of the quiet hours (decision 066).
     */
    async rewardsPaid(trx: Kysely<Database>, event: { rewards: readonly { userId: number }[]; at: string }) {
      const holders = await findPeople(trx, [...new Set(event.rewards.map((reward) => reward.userId))]);
      const parents = holders.flatMap((person) =>
        person.user_type === 'CHILD' && person.parent_user_id !== null ? [person.parent_user_id] : [],
      );
      const known = new Set(holders.map((person) => person.id));
      const people = [
        ...holders,
        ...(await findPeople(
          trx,
          [...new Set(parents)].filter((id) => !known.has(id)),
        )),
      ];
      await queueMoment(trx, people, 'rewardPaid', seoulDateTime(new Date(event.at)).slice(0, 10));
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
      const preferences = await deps.subscriptions.choicesOf(people);
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
  };
}
export type PushSchedulingService = ReturnType<typeof createPushSchedulingService>;
