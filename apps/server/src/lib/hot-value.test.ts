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
