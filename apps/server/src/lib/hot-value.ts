import type { Clock } from './clock.ts';

/** What a hot value's clock may answer: the server's injected clock, or plain milliseconds (unit tests). */
type TimeSource = Clock | (() => number);

export interface HotValues<T> {
  /** The key's kept value, or `load()`'s (kept for the time) when none is kept or it expired. */
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every kept value at once (a write on this server). */
  drop(): void;
}

export interface HotValueOptions {
  /**
   * From this age on (less than `ttlMs`), a reader is answered with the kept value at once while one
   * computation of the next runs beside it; the next replaces the kept value when it is done. A value
   * is still never served `ttlMs` after its computation started: a reader past that waits for a new
   * one (shared with the one in flight when that one is young enough). Unset: no computation ahead.
   */
  refreshAfterMs?: number;
}

interface Entry<T> {
  /** When the value's computation started: its data is as of then, or newer. */
  from: number;
  value: Promise<T>;
  /** The value's computation is done (a pending first computation is shared, never run twice). */
  settled: boolean;
  /** The next value's computation, started ahead by a reader of this one. */
  next: { from: number; value: Promise<T> } | null;
}

/**
 * The one cache of the server: a value many readers ask for at once (the header counts, a round's
 * team ranking, the forbidden-word list) computed once per `ttlMs` per server and per key, the
 * readers who ask meanwhile sharing one computation; `drop()` forgets it at once (a write on this
 * server). Only for derived views that may be `ttlMs` behind another server's writes; each `ttlMs`
 * comes from the configuration (config.ts). Time is read from the injected clock, so tests move it.
 * `ttlMs` 0 computes every time. With `refreshAfterMs`, the next value is computed ahead, while the
 * kept one is still served (decision 054): under steady reading nobody waits for a computation.
 */
export function createHotValues<T>(ttlMs: 0): HotValues<T>;
export function createHotValues<T>(ttlMs: number, clock: TimeSource, options?: HotValueOptions): HotValues<T>;
export function createHotValues<T>(
  ttlMs: number,
  clock?: TimeSource,
  options: HotValueOptions = {},
): HotValues<T> {
  const entries = new Map<string, Entry<T>>();
  const now = () => Number(clock!());
  const refreshAfter = options.refreshAfterMs ?? Number.POSITIVE_INFINITY;
  /** Starts a computation whose value becomes the key's kept one (when no drop came meanwhile). */
  function start(key: string, from: number, load: () => Promise<T>): Entry<T> {
    const entry: Entry<T> = { from, value: load(), settled: false, next: null };
    entries.set(key, entry);
    entry.value.then(
      () => {
        entry.settled = true;
      },
      // A failure is not kept: the next reader tries again.
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry;
  }

  function computeAhead(key: string, kept: Entry<T>, from: number, load: () => Promise<T>): void {
    const value = load();
    kept.next = { from, value };
    value.then(
      () => {
        // Kept only in place of the value it was computed for (a `drop()` meanwhile forgot that one).
        if (entries.get(key) === kept) entries.set(key, { from, value, settled: true, next: null });
        else if (kept.next?.value === value) kept.next = null;
      },
      () => {
        // A failure leaves the kept value (still within its time); a later reader tries again.
        if (kept.next?.value === value) kept.next = null;
      },
    );
  }

  return {
    get(key, load) {
      if (ttlMs === 0) return load();
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.from + ttlMs > at) {
        if (hit.settled && hit.next === null && at - hit.from >= refreshAfter)
          computeAhead(key, hit, at, load);
        return hit.value;
      }
      // Expired: the computation ahead, if one is in flight and young enough, is the new value.
      if (hit?.next && hit.next.from + ttlMs > at) return hit.next.value;
      if (entries.size > 16)
        for (const [old, entry] of entries) if (entry.from + ttlMs <= at && old !== key) entries.delete(old);
      return start(key, at, load).value;
    },
    drop() {
      entries.clear();
    },
  };
}
