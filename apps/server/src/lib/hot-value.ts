import type { Clock } from './clock.ts';

/** What a hot value's clock may answer: the server's injected clock, or plain milliseconds (unit tests). */
type TimeSource = Clock | (() => number);

export interface HotValues<T> {
  /** The key's kept value, or `load()`'s (kept for the time) when none is kept or it expired. */
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every kept value at once (a write on this server). */
  drop(): void;
}

/**
 * The one cache of the server: a value many readers ask for at once (the header counts, a round's
 * team ranking, the forbidden-word list) computed once per `ttlMs` per server and per key, the
 * readers who ask meanwhile sharing one computation; `drop()` forgets it at once (a write on this
 * server). Only for derived views that may be `ttlMs` behind another server's writes; each `ttlMs`
 * comes from the configuration (config.ts). Time is read from the injected clock, so tests move it.
 * `ttlMs` 0 computes every time.
 */
export function createHotValues<T>(ttlMs: 0): HotValues<T>;
export function createHotValues<T>(ttlMs: number, clock: TimeSource): HotValues<T>;
export function createHotValues<T>(ttlMs: number, clock?: TimeSource): HotValues<T> {
  const entries = new Map<string, { until: number; value: Promise<T> }>();
  const now = () => Number(clock!());
  return {
    get(key, load) {
      if (ttlMs === 0) return load();
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.until > at) return hit.value;
      if (entries.size > 16) for (const [old, entry] of entries) if (entry.until <= at) entries.delete(old);
      const value = load();
      const entry = { until: at + ttlMs, value };
      entries.set(key, entry);
      // A failure is not kept: the next reader tries again.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    drop() {
      entries.clear();
    },
  };
}
