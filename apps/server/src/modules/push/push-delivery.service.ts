import type { PushPayload } from '@hamkke/contract/my/push';
import type { Kysely } from 'kysely';
import type { Agent } from 'node:https';
import pLimit from 'p-limit';
import webpush from 'web-push';
import type { VapidKeys } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  claimDueSends,
  deleteSubscription,
  dropSends,
  dropUnreachableSends,
  findSubscriptions,
  markDelivered,
  type SubscriptionRow,
} from './push.repository.ts';

/**
 * Pushes taken a statement, pushes in flight to the push services at once (decision 047), and how
 * long one run of the job keeps sending batches (decision 058): the job wakes every minute.
 */
export const PUSH_BATCH = 200;
export const PUSH_CONCURRENCY = 20;
export const PUSH_RUN_BUDGET_MS = 45_000;

/**
 * Sending the pushes written (decision 047): batch after batch, each push taken by one server,
 * encrypted to each of its person's browsers (decision 058); a browser the push service no longer
 * knows is forgotten.
 */
export function createPushDeliveryService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  vapid: VapidKeys | null;
  vapidSubject: string;
  /** Longest wait for one push service's answer. */
  timeoutMs?: number;
  /** The HTTPS agent pushes go through (a test's trusts its local push service). */
  agent?: Agent;
}) {
  const { db, clock } = deps;

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

  return {
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
export type PushDeliveryService = ReturnType<typeof createPushDeliveryService>;
