import { addDays, seoulDay } from '../seoul-day.ts';

/**
 * Certifications made without a connection (issue 29 item 3, decision 048). Zod-free: the server
 * and the web app's queue read the same rule.
 */

/** A queued certification counts for the day it was made if it arrives at most this many hours later. */
export const OFFLINE_CERTIFICATION_WINDOW_HOURS = 24;

/** At most this many certifications a person sends per Seoul day may count for an earlier day. */
export const MAX_LATE_CERTIFICATIONS_PER_DAY = 5;

export type OfflineDay = { day: string; late: boolean } | { refused: 'TOO_OLD' };

/**
 * The Seoul day a certification made at `madeAt` counts for when it arrives at `now`: the day it
 * was made if that is today or yesterday and at most the window ago. A time ahead of the server's
 * (a device clock running fast) counts as now.
 */
export function offlineCertificationDay(madeAt: Date, now: Date): OfflineDay {
  const made = madeAt.getTime() > now.getTime() ? now : madeAt;
  const today = seoulDay(now);
  const day = seoulDay(made);
  const tooOld = now.getTime() - made.getTime() > OFFLINE_CERTIFICATION_WINDOW_HOURS * 3600_000;
  if (tooOld || day < addDays(today, -1)) return { refused: 'TOO_OLD' };
  return { day, late: day !== today };
}
