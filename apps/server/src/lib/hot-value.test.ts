import { describe, expect, it } from 'vitest';
import { createHotValues } from './hot-value.ts';

describe('hot values', () => {
  it('computes once per key within the time, shares the computation, and forgets on drop', async () => {
    let clock = 0;
    let loads = 0;
    const values = createHotValues<number>(1000, () => clock);
    const load = () => Promise.resolve(++loads);
    expect(await Promise.all([values.get('a', load), values.get('a', load)])).toEqual([1, 1]);
    expect(await values.get('b', load)).toBe(2);
    clock = 999;
    expect(await values.get('a', load)).toBe(1);
    clock = 1000;
    expect(await values.get('a', load)).toBe(3);
    values.drop();
    expect(await values.get('a', load)).toBe(4);
  });

  it('does not keep a failure, and computes every time with a time of 0', async () => {
    const values = createHotValues<number>(1000, () => 0);
    await expect(values.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await values.get('a', () => Promise.resolve(7))).toBe(7);
    let loads = 0;
    const fresh = createHotValues<number>(0);
    await fresh.get('a', () => Promise.resolve(++loads));
    await fresh.get('a', () => Promise.resolve(++loads));
    expect(loads).toBe(2);
  });
});

/** A computation the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('hot values computed ahead (decision 054)', () => {
  it('answers the kept value while one computation of the next is in flight, then the next', async () => {
    let clock = 0;
    const loads: Array<ReturnType<typeof deferred<number>>> = [];
    const load = () => {
      const next = deferred<number>();
      loads.push(next);
      return next.promise;
    };
    const values = createHotValues<number>(1000, () => clock, { refreshAfterMs: 500 });
    const first = values.get('a', load);
    loads[0]!.resolve(1);
    expect(await first).toBe(1);
    clock = 499;
    expect(await values.get('a', load)).toBe(1);
    expect(loads).toHaveLength(1);
    // Half its time gone: readers at once get the kept value, and only one computation starts.
    clock = 500;
    expect(await Promise.all([values.get('a', load), values.get('a', load), values.get('a', load)])).toEqual([
      1, 1, 1,
    ]);
    clock = 900;
    expect(await values.get('a', load)).toBe(1);
    expect(loads).toHaveLength(2);
    loads[1]!.resolve(2);
    await loads[1]!.promise;
    expect(await values.get('a', load)).toBe(2);
    // The new value's time counts from when its computation started (500): fresh until 1,500.
    clock = 999;
    expect(await values.get('a', load)).toBe(2);
    expect(loads).toHaveLength(2);
  });

  it('never serves a value past its time: past it, readers wait for the next (one computation)', async () => {
    let clock = 0;
    let loads = 0;
    const gates: Array<ReturnType<typeof deferred<number>>> = [];
    const load = () => {
      loads += 1;
      const next = deferred<number>();
      gates.push(next);
      return next.promise;
    };
    const values = createHotValues<number>(1000, () => clock, { refreshAfterMs: 500 });
    const first = values.get('a', load);
    gates[0]!.resolve(1);
    await first;
    // Nobody read during the second half: at 1,000 the kept value is over, readers share one computation.
    clock = 1000;
    let answered = 0;
    const waiting = Promise.all([values.get('a', load), values.get('a', load)]).then((all) => {
      answered = all.length;
      return all;
    });
    await Promise.resolve();
    expect(answered).toBe(0);
    expect(loads).toBe(2);
    gates[1]!.resolve(2);
    expect(await waiting).toEqual([2, 2]);

    // A computation ahead still in flight when the kept value ends is the one readers then wait for.
    clock = 1600;
    expect(await values.get('a', load)).toBe(2);
    expect(loads).toBe(3);
    clock = 2000;
    const late = values.get('a', load);
    expect(loads).toBe(3);
    gates[2]!.resolve(3);
    expect(await late).toBe(3);
  });

  it('keeps the value when the computation ahead fails, and does not keep one started before a drop', async () => {
    let clock = 0;
    const gates: Array<ReturnType<typeof deferred<number>>> = [];
    const load = () => {
      const next = deferred<number>();
      gates.push(next);
      return next.promise;
    };
    const values = createHotValues<number>(1000, () => clock, { refreshAfterMs: 500 });
    const first = values.get('a', load);
    gates[0]!.resolve(1);
    await first;
    clock = 600;
    expect(await values.get('a', load)).toBe(1);
    gates[1]!.reject(new Error('down'));
    await gates[1]!.promise.catch(() => undefined);
    expect(await values.get('a', load)).toBe(1);
    expect(gates).toHaveLength(3);
    // A write on this server drops the kept value; the computation ahead started before it is not kept.
    values.drop();
    const fresh = values.get('a', load);
    gates[2]!.resolve(99);
    gates[3]!.resolve(4);
    expect(await fresh).toBe(4);
    await gates[2]!.promise;
    expect(await values.get('a', load)).toBe(4);
  });
});
