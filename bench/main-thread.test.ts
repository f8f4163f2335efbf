import { describe, expect, it } from 'vitest';
import { mainThreadTime } from './main-thread.ts';

const thread = (pid: number, tid: number, name: string) => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  args: { name },
});
const task = (pid: number, tid: number, dur: number, tdur: number) => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  dur,
  tdur,
});

describe('mainThreadTime', () => {
  it("sums the wall and CPU time of the busiest renderer main thread's tasks, and their blocking by CPU", () => {
    const time = mainThreadTime({
      traceEvents: [
        thread(1, 1, 'CrBrowserMain'),
        thread(2, 2, 'CrRendererMain'),
        thread(3, 3, 'CrRendererMain'),
        task(1, 1, 900_000, 800_000), // the browser's own: left out
        task(2, 2, 40_000, 20_000),
        task(2, 2, 60_500, 30_400),
        { name: 'Layout', ph: 'X', pid: 2, tid: 2, dur: 10_000, tdur: 9_000 }, // inside a task: not twice
        task(3, 3, 5_000, 5_000), // another renderer, less busy
      ],
    });
    // 4 × 20 − 50 = 30 and 4 × 30.4 − 50 = 71.6 of blocking by CPU time.
    expect(time).toEqual({ wallMs: 101, cpuMs: 50, blockingFromCpuMs: 102 });
  });

  it("scales the blocking by the preset's CPU slowdown (1 on the desktop preset)", () => {
    const trace = {
      traceEvents: [thread(2, 2, 'CrRendererMain'), task(2, 2, 80_000, 70_000), task(2, 2, 40_000, 30_000)],
    };
    expect(mainThreadTime(trace, 1)?.blockingFromCpuMs).toBe(20);
    expect(mainThreadTime(trace)?.blockingFromCpuMs).toBe(4 * 70 - 50 + (4 * 30 - 50));
  });

  it('says nothing for a trace without a renderer', () => {
    expect(
      mainThreadTime({ traceEvents: [thread(1, 1, 'CrBrowserMain'), task(1, 1, 1000, 1000)] }),
    ).toBeNull();
  });
});
