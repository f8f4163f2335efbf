import { seoulDay } from '@hamkke/contract/seoul-day';

/** The source of "now"; injected so tests can fix the day. Nothing else on the server reads the time. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/**
 * A clock that reads `start` now and runs on at the pace of `real` (`CLOCK_START`): a test can put
 * the server a second before Seoul's midnight and watch a day change under a running flow.
 */
export function clockStartingAt(start: Date, real: Clock = systemClock): Clock {
  const offset = start.getTime() - real().getTime();
  return () => new Date(real().getTime() + offset);
}

/** "Today" everywhere on the server: the Asia/Seoul day of the clock's now, `YYYY-MM-DD`. */
export function seoulToday(clock: Clock): string {
  return seoulDay(clock());
}
