import { seoulDay, seoulDayEnd } from '@hamkke/contract/seoul-day';

/** The source of "now"; injected so tests can fix the day. Nothing else on the server reads the time. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/**
 * A clock that reads `start` now and runs on at the pace of `real` (`CLOCK_START`): a test can put
 * the server a second before Seoul's midnight and watch a day change under a running flow.
 */
export function clockStartingAt(start: Date, real: Clock = systemClock): Clock {
  return testClock(start, real).clock;
}

/**
 * The `CLOCK_START` clock with one move a test may ask for (the server's SIGUSR2, decision 053): on to
 * the coming Seoul midnight at once, so a test that crosses the day waits no real minute and a half
 * for it. It only ever moves forward, and runs on at the real pace from there.
 */
export function testClock(start: Date, real: Clock = systemClock): { clock: Clock; toSeoulMidnight(): Date } {
  let offset = start.getTime() - real().getTime();
  const clock: Clock = () => new Date(real().getTime() + offset);
  return {
    clock,
    toSeoulMidnight() {
      const midnight = seoulDayEnd(seoulDay(clock()));
      offset += midnight.getTime() - clock().getTime();
      return midnight;
    },
  };
}

/** "Today" everywhere on the server: the Asia/Seoul day of the clock's now, `YYYY-MM-DD`. */
export function seoulToday(clock: Clock): string {
  return seoulDay(clock());
}
