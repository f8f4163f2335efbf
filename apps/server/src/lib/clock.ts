/** The source of "now"; injected so tests can fix the day. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
