import { DEFAULT_DAILY_TIME, type PushPreferences } from '@hamkke/contract/my/push';
import type { Kysely } from 'kysely';
import type { VapidKeys } from '../../config.ts';
import type { Database, UserType } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { pushEndpointRefusal, type PushEndpointRule } from './push-endpoints.ts';
import {
  deleteSubscription,
  findPerson,
  findPreferences,
  saveSubscription,
  trimSubscriptions,
  upsertPreferences,
  type PreferencesRow,
} from './push.repository.ts';

/** Someone a push may be for: a child's choices are their parent's. */
export interface PushPerson {
  id: number;
  user_type: UserType;
  parent_user_id: number | null;
}

/** Browsers one person keeps subscribed; a newer one replaces the oldest (issue 46). */
export const SUBSCRIPTIONS_PER_PERSON = 5;

const yn = (value: boolean) => (value ? 'Y' : 'N');

function toPreferences(row: PreferencesRow | undefined, followsParent: boolean): PushPreferences {
  return {
    daily: (row?.daily_yn ?? 'Y') === 'Y',
    dailyTime: row?.daily_time ?? DEFAULT_DAILY_TIME,
    invitation: (row?.invitation_yn ?? 'Y') === 'Y',
    teamDone: (row?.team_done_yn ?? 'Y') === 'Y',
    roundResults: (row?.round_results_yn ?? 'Y') === 'Y',
    rewardPaid: (row?.reward_paid_yn ?? 'Y') === 'Y',
    followsParent,
  };
}

/** Whose choices apply: a child's parent, or the person. */
const chooserOf = (person: PushPerson) =>
  person.user_type === 'CHILD' && person.parent_user_id !== null ? person.parent_user_id : person.id;

/**
 * Web Push's side of each person (decision 047): the key a browser subscribes with, browsers'
 * subscriptions, and each person's reminder choices (a child's are their parent's).
 */
export function createPushSubscriptionsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  vapid: VapidKeys | null;
  /** Which endpoints may be subscribed (decision 067). */
  endpointRule: PushEndpointRule;
}) {
  const { db, clock } = deps;

  /** Each person's choices (their own, or for a child their parent's), by person id. */
  async function choicesOf(
    people: readonly PushPerson[],
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

  async function personOf(userId: number): Promise<PushPerson> {
    const person = await findPerson(db, userId);
    if (!person) throw new AppError('NOT_FOUND', 'no such person');
    return person;
  }

  return {
    publicKey: () => deps.vapid?.publicKey ?? null,

    /**
     * Keeps a browser's subscription: only a browser push service's endpoint (400 on `endpoint`),
     * never one another person holds (409), at most SUBSCRIPTIONS_PER_PERSON per person (the oldest
     * forgotten).
     */
    async subscribe(userId: number, input: { endpoint: string; keys: { p256dh: string; auth: string } }) {
      const refusal = pushEndpointRefusal(input.endpoint, deps.endpointRule);
      if (refusal !== null) {
        throw new AppError('VALIDATION_FAILED', 'Not a push service endpoint', [
          { path: 'endpoint', code: 'INVALID_VALUE', message: refusal },
        ]);
      }
      await db.transaction().execute(async (trx) => {
        const holder = await saveSubscription(trx, {
          endpoint: input.endpoint,
          user_id: userId,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          created_at: clock().toISOString(),
          last_success_at: null,
        });
        if (holder !== userId) {
          throw new AppError('CONFLICT', 'Another person holds that endpoint', [
            { path: 'endpoint', code: 'TAKEN', message: 'held by another person' },
          ]);
        }
        await trimSubscriptions(trx, userId, SUBSCRIPTIONS_PER_PERSON);
      });
      return { subscribed: true as const };
    },

    async unsubscribe(userId: number, endpoint: string) {
      await deleteSubscription(db, endpoint, userId);
      return { unsubscribed: true as const };
    },

    async preferences(userId: number): Promise<PushPreferences> {
      const person = await personOf(userId);
      return (await choicesOf([person])).get(person.id)!;
    },

    async updatePreferences(
      userId: number,
      changes: Partial<Omit<PushPreferences, 'followsParent'>>,
    ): Promise<PushPreferences> {
      const person = await personOf(userId);
      if (chooserOf(person) !== person.id)
        throw new AppError('FORBIDDEN', "a child's reminders follow their parent's choice");
      const current = (await choicesOf([person])).get(person.id)!;
      const next = { ...current, ...changes };
      await upsertPreferences(db, {
        user_id: person.id,
        daily_yn: yn(next.daily),
        daily_time: next.dailyTime,
        invitation_yn: yn(next.invitation),
        team_done_yn: yn(next.teamDone),
        round_results_yn: yn(next.roundResults),
        reward_paid_yn: yn(next.rewardPaid),
        updated_at: clock().toISOString(),
      });
      return { ...next, followsParent: false };
    },

    choicesOf,
  };
}
export type PushSubscriptionsService = ReturnType<typeof createPushSubscriptionsService>;
