import { useEffect, useMemo, useRef } from 'react';

/** The editor's text reaches its owner at most every 300 ms while typing (spec §5, §9). */
export const EDITOR_DEBOUNCE_MS = 300;

export interface Debouncer<A extends unknown[]> {
  /** Schedules a call with these arguments, replacing a pending one. */
  call: (...args: A) => void;
  /** Makes the pending call now, if any. */
  flush: () => void;
  /** Drops the pending call. */
  cancel: () => void;
}

interface Timers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

const globalTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** Trailing debounce: only the last call of a burst runs, `ms` after the burst ends. */
export function createDebouncer<A extends unknown[]>(
  run: (...args: A) => void,
  ms: number,
  timers: Timers = globalTimers,
): Debouncer<A> {
  let timer: unknown = null;
  let pending: A | null = null;
  const fire = () => {
    timer = null;
    const args = pending;
    pending = null;
    if (args) run(...args);
  };
  return {
    call: (...args) => {
      pending = args;
      if (timer !== null) timers.clearTimeout(timer);
      timer = timers.setTimeout(fire, ms);
    },
    flush: () => {
      if (timer !== null) timers.clearTimeout(timer);
      fire();
    },
    cancel: () => {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

/**
 * A debounced version of `callback` that always calls its latest version. A pending call is made
 * when the component unmounts, so the last keystrokes are never lost.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  ms: number,
): Debouncer<A> {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  const debouncer = useMemo(() => createDebouncer<A>((...args) => latest.current(...args), ms), [ms]);
  useEffect(() => () => debouncer.flush(), [debouncer]);
  return debouncer;
}
