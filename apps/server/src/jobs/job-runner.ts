import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { claimLease, hasRun, recordRun, releaseLease } from './jobs.repository.ts';

/** What a tick of `every` ended in; `skipped`: another server held the lease, or the period was done. */
export type JobOutcome = 'success' | 'skipped' | 'failure';

export interface JobMetrics {
  job(name: string, outcome: JobOutcome, at: Date): void;
}

export interface JobLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Background work that runs once per period however many servers run: each tick claims the job's
 * lease in the database, runs only when it holds it, and lets it go afterwards. Timers only wake
 * the servers; the lease decides who works.
 */
export function createJobRunner(deps: {
  db: Kysely<Database>;
  clock: Clock;
  logger: JobLogger;
  owner?: string;
  /** Counts each tick's outcome and the last success (lib/metrics.ts). */
  metrics?: JobMetrics;
}) {
  const owner = deps.owner ?? `${process.pid}-${randomUUID()}`;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  /** Jobs of `every` with a run in progress here: a tick never overlaps this server's own run. */
  const busy = new Set<string>();
  let stopped = false;
  /** Aborted when the runner stops: a long run (sending pushes, decision 058) ends at its next step. */
  const stopping = new AbortController();

  /** Runs `work` under the lease of `name`; false when another owner holds it. */
  async function runOnce(name: string, leaseMs: number, work: () => Promise<void>): Promise<boolean> {
    const now = deps.clock();
    const claimed = await claimLease(deps.db, {
      name,
      owner,
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + leaseMs).toISOString(),
    });
    if (!claimed) return false;
    try {
      await work();
    } finally {
      await releaseLease(deps.db, name, owner);
    }
    return true;
  }

  return {
    owner,
    runOnce,

    /** Records a period as done; true for exactly one caller, whatever the concurrency. */
    markDone: (name: string, periodKey: string) =>
      recordRun(deps.db, { name, periodKey, now: deps.clock().toISOString() }),

    /**
     * Wakes every `intervalMs` (and now); under the lease, does the current period (`periodOf`,
     * e.g. the hour) unless some server already did it, then records it done.
     */
    every(
      name: string,
      intervalMs: number,
      work: (stopping: AbortSignal) => Promise<void>,
      options: { leaseMs?: number; periodOf: (now: Date) => string },
    ) {
      const tick = () => {
        // The lease is re-claimable by its own owner, so a slow run must not be joined by the next tick.
        if (stopped || busy.has(name)) return;
        busy.add(name);
        let outcome: JobOutcome = 'skipped';
        const run = runOnce(name, options.leaseMs ?? intervalMs, async () => {
          const period = options.periodOf(deps.clock());
          if (await hasRun(deps.db, name, period)) return;
          await work(stopping.signal);
          await recordRun(deps.db, { name, periodKey: period, now: deps.clock().toISOString() });
          outcome = 'success';
        })
          .catch((error: unknown) => {
            outcome = 'failure';
            deps.logger.error({ err: error, job: name }, 'background job failed');
          })
          .finally(() => deps.metrics?.job(name, outcome, deps.clock()));
        running.add(run);
        void run.finally(() => {
          running.delete(run);
          busy.delete(name);
        });
      };
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      timers.push(timer);
      tick();
    },

    /**
     * Wakes every `intervalMs` (and now) and, under the lease, does `work` — for work found in rows
     * (a queue), not done once per period, so nothing is recorded in `job_runs`.
     */
    poll(name: string, intervalMs: number, work: () => Promise<void>, options: { leaseMs: number }) {
      const tick = () => {
        if (stopped || busy.has(name)) return;
        busy.add(name);
        const run = runOnce(name, options.leaseMs, work).catch((error: unknown) =>
          deps.logger.error({ err: error, job: name }, 'background job failed'),
        );
        running.add(run);
        void run.finally(() => {
          running.delete(run);
          busy.delete(name);
        });
      };
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      timers.push(timer);
      tick();
    },

    /** Stops the timers and waits for the work in progress. */
    async stop() {
      stopped = true;
      stopping.abort();
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
