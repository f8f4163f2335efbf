// What the page's own main thread did during a Lighthouse run, from the run's trace: its tasks' wall
// time and their CPU time. On a shared two-core machine the wall time of a task is up to twice its CPU
// time (the browser, its compositor and Lighthouse itself run beside the page), and Lighthouse's
// simulation multiplies the wall time by four: the CPU time is the part that is the page's own work,
// and it moves less from run to run than the scores (issue 30).

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadTime {
  /** Every task of the page's main thread, wall time, ms. */
  wallMs: number;
  /** The same tasks' CPU time, ms. */
  cpuMs: number;
  /**
   * The blocking time those tasks would have by their CPU time alone: Σ max(0, k × CPU − 50 ms), as
   * Lighthouse's simulation scales a task by its CPU slowdown k (4 on a phone) and counts what passes
   * 50 ms. Over every task of the
   * load, not only those after the first paint: a figure of the page's own work that a loaded machine
   * does not stretch (decision 049 used it by hand).
   */
  blockingFromCpuMs: number;
}

/**
 * The renderer main thread that ran the most (a trace may hold other renderers: an extension, a
 * previous page), and its tasks' wall and CPU time; null when the trace has none.
 */
export function mainThreadTime(
  trace: { traceEvents: readonly TraceEvent[] },
  /** The run's CPU slowdown (`throttling.cpuSlowdownMultiplier`): 4 on the mobile preset, 1 on the desktop one. */
  cpuSlowdown = 4,
): MainThreadTime | null {
  const rendererMains = new Set(
    trace.traceEvents
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, MainThreadTime>();
  for (const event of trace.traceEvents) {
    if (event.ph !== 'X' || event.name !== 'RunTask') continue;
    const thread = `${event.pid}:${event.tid}`;
    if (!rendererMains.has(thread)) continue;
    const time = byThread.get(thread) ?? { wallMs: 0, cpuMs: 0, blockingFromCpuMs: 0 };
    const cpuMs = (event.tdur ?? 0) / 1000;
    time.wallMs += (event.dur ?? 0) / 1000;
    time.cpuMs += cpuMs;
    time.blockingFromCpuMs += Math.max(0, cpuSlowdown * cpuMs - 50);
    byThread.set(thread, time);
  }
  const busiest = [...byThread.values()].sort((a, b) => b.wallMs - a.wallMs)[0];
  return busiest
    ? {
        wallMs: Math.round(busiest.wallMs),
        cpuMs: Math.round(busiest.cpuMs),
        blockingFromCpuMs: Math.round(busiest.blockingFromCpuMs),
      }
    : null;
}
