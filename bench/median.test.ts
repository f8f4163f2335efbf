import { describe, expect, it } from 'vitest';
import { flatten, median, medians } from './median.ts';

describe('bench medians', () => {
  it('names list rows by scenario or page, so runs line up figure by figure', () => {
    const flat = flatten({
      rows: [{ scenario: 'a', app: { p99Ms: 7 } }],
      lighthouse: [{ page: '/home', throttling: 'devtools', performance: 90 }],
    });
    expect([...flat.entries()]).toEqual([
      ['rows[a].app.p99Ms', 7],
      ['lighthouse[/home (applied)].performance', 90],
    ]);
  });

  it('takes the middle of three and the mean of the middle two of four', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('gives each figure its median and spread, leaving a run out where it lacks the figure', () => {
    const rows = medians([{ x: 1, y: 5 }, { x: 9 }, { x: 3, y: 7 }]);
    expect(rows).toEqual([
      { figure: 'x', median: 3, low: 1, high: 9, runs: 3 },
      { figure: 'y', median: 6, low: 5, high: 7, runs: 2 },
    ]);
  });
});
