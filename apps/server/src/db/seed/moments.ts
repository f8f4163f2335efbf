import { seoulDayStart } from '@hamkke/contract/dates';

/** A small deterministic generator, so every seeded database looks the same for the same day. */
export function pseudoRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A whole number in [min, max], from the generator. */
export function pick(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/**
 * An instant of a Seoul day in daytime hours (`fromHour` to `toHour`, Korea time), never after `now`:
 * on today a moment still ahead is moved to just before now (and never before the day's start).
 */
export function seoulMoment(day: string, random: () => number, now: Date, fromHour = 7, toHour = 22): string {
  const start = seoulDayStart(day).getTime();
  const minutes = pick(random, fromHour * 60, toHour * 60 - 1);
  const seconds = pick(random, 0, 59);
  let at = start + minutes * 60_000 + seconds * 1000;
  const latest = now.getTime() - 60_000;
  if (at > latest) at = Math.max(start, latest - pick(random, 0, 40) * 60_000);
  return new Date(at).toISOString();
}
