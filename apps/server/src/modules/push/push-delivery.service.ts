import type { PushPayload } from '@hamkke/contract/my/push';
import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import webpush from 'web-push';
import type { VapidKeys } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { guardedPushAgent, pushEndpointRefusal, type PushEndpointRule } from './push-endpoints.ts';
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
 * A delivery not answered within this long goes on in the background (up to its time-out) and gives
 * its place to the next person's (issue 46): a hundred endpoints that never answer delay no one much.
 */
export const PUSH_SLOT_MS = 250;
/**
 * Deliveries in the background at most; past it the job waits for some to end. On a loaded server
 * every delivery outlasts its slot: this keeps the connections in flight bounded (220 at most).
 */
export const PUSH_BACKGROUND_MAX = 200;

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
  /** Longest wait for one push service's answer (config `PUSH_TIMEOUT_MS`). */
  timeoutMs: number;
  /** Which endpoints may be sent to (decision 067). */
  endpointRule: PushEndpointRule;
  /** A certificate to trust besides the system's (tests' local push service). */
  ca?: string | Buffer;
  log?: { warn(fields: object, message: string): void };
}) {
  const { db, clock } = deps;
  const agent = guardedPushAgent({ allowLoopback: deps.endpointRule.allowLoopback, ca: deps.ca });

  /**
   * One encrypted push to one browser: delivered, gone (404/410, or an endpoint the rules refuse:
   * forgotten) or failed.
   */
  async function deliver(subscription: SubscriptionRow, payload: PushPayload) {
    const refusal = pushEndpointRefusal(subscription.endpoint, deps.endpointRule);
    if (refusal !== null) {
      await deleteSubscription(db, subscription.endpoint);
      deps.log?.warn({ userId: subscription.user_id, refusal }, 'push subscription dropped');
      return 'gone' as const;
    }
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: deps.vapidSubject, ...deps.vapid! },
          TTL: 12 * 60 * 60,
          urgency: 'normal',
          timeout: deps.timeoutMs,
          contentEncoding: 'aes128gcm',
          agent,
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
      const slots = pLimit(PUSH_CONCURRENCY);
      // Deliveries past their slot, still waiting for their push service (each ends by its time-out).
      const background = new Set<Promise<unknown>>();
      const reached: string[] = [];
      /** Runs one delivery in a slot it holds at most PUSH_SLOT_MS, then in the background. */
      const inSlot = (work: () => Promise<void>) =>
        slots(async () => {
          while (background.size >= PUSH_BACKGROUND_MAX) await Promise.race(background);
          const running = work();
          let timer: NodeJS.Timeout | undefined;
          const released = new Promise<'slow'>((resolve) => {
            timer = setTimeout(() => resolve('slow'), PUSH_SLOT_MS);
          });
          const first = await Promise.race([running.then(() => 'done' as const), released]);
          clearTimeout(timer);
          if (first === 'slow') {
            const tracked: Promise<unknown> = running.finally(() => background.delete(tracked));
            background.add(tracked);
          }
        });
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
        // The batch's deliveries each get a slot; a slow one leaves its slot to the next after
        // PUSH_SLOT_MS, so the next batch is taken without waiting for the slowest of this one.
        await Promise.all(
          taken.flatMap((send) =>
            (byUser.get(send.user_id) ?? []).map((subscription) =>
              inSlot(async () => {
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
        await markDelivered(db, reached.splice(0), clock().toISOString());
      } while (performance.now() < deadline && !options.stopping?.aborted);
      await Promise.allSettled(background);
      await markDelivered(db, reached.splice(0), clock().toISOString());
      return totals;
    },
  };
}
export type PushDeliveryService = ReturnType<typeof createPushDeliveryService>;
