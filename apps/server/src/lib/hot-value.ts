/**
 * A value many readers ask for at once (the header counts): computed once per `ttlMs` per server and
 * per key, the readers who ask meanwhile sharing one computation; `drop()` forgets it at once (a write
 * on this server). Only for derived views that may be `ttlMs` behind another server's writes.
 * `ttlMs` 0 computes every time.
 */
export function createHotValues<T>(ttlMs: number, now: () => number = () => performance.now()) {
  const entries = new Map<string, { until: number; value: Promise<T> }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
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
    drop(): void {
      entries.clear();
    },
  };
}
export type HotValues<T> = ReturnType<typeof createHotValues<T>>;
