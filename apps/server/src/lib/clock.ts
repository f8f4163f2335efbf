import { seoulDay } from '@hamkke/contract/seoul-day';

/** The source of "now"; injected so tests can fix the day. Nothing else on the server reads the time. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** "Today" everywhere on the server: the Asia/Seoul day of the clock's now, `YYYY-MM-DD`. */
export function seoulToday(clock: Clock): string {
  return seoulDay(clock());
}
