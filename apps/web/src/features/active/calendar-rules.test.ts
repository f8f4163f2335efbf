import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dayMark,
  daysInMonth,
  lastDayOf,
  monthGrid,
  monthOf,
  moveFocus,
} from './calendar-rules.ts';

describe('month grid', () => {
  it('starts on Sunday and pads the neighbouring months', () => {
    // November 2026 starts on a Sunday and has 30 days: 5 weeks.
    const grid = monthGrid('2026-11');
    expect(grid).toHaveLength(5);
    expect(grid[0]?.[0]).toBe('2026-11-01');
    expect(grid[3]?.[5]).toBe('2026-11-27');
    expect(grid[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
  });

  it('handles a month that starts late in the week and leap Februaries', () => {
    // August 2026 starts on a Saturday: 6 weeks.
    const august = monthGrid('2026-08');
    expect(august).toHaveLength(6);
    expect(august[0]).toEqual([null, null, null, null, null, null, '2026-08-01']);
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2026-02')).toBe(28);
    expect(monthGrid('2028-02').flat().filter(Boolean)).toHaveLength(29);
  });

  it('moves between months across the year', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', -13)).toBe('2025-10');
    expect(monthOf('2026-11-20')).toBe('2026-11');
    expect(lastDayOf('2026-11')).toBe('2026-11-30');
  });
});

describe('day marks', () => {
  it('marks a day with any certification, and fully when every mission is certified', () => {
    expect(dayMark(undefined)).toBe('none');
    expect(dayMark({ certifiedCount: 0, missionCount: 6 })).toBe('none');
    expect(dayMark({ certifiedCount: 2, missionCount: 6 })).toBe('some');
    expect(dayMark({ certifiedCount: 6, missionCount: 6 })).toBe('full');
    // Certifications on a day with no listed missions (a program that ended) are still "some".
    expect(dayMark({ certifiedCount: 1, missionCount: 0 })).toBe('some');
  });
});

describe('keyboard focus in the grid', () => {
  const last = '2026-11-30';
  it('moves by day and by week, across month edges', () => {
    expect(moveFocus('2026-11-20', 'ArrowRight', last)).toBe('2026-11-21');
    expect(moveFocus('2026-11-01', 'ArrowLeft', last)).toBe('2026-10-31');
    expect(moveFocus('2026-11-20', 'ArrowUp', last)).toBe('2026-11-13');
    expect(moveFocus('2026-10-28', 'ArrowDown', last)).toBe('2026-11-04');
  });

  it('goes to the start and end of the week, and by month with Page keys', () => {
    expect(moveFocus('2026-11-20', 'Home', last)).toBe('2026-11-15');
    expect(moveFocus('2026-11-20', 'End', last)).toBe('2026-11-21');
    expect(moveFocus('2026-10-31', 'PageUp', last)).toBe('2026-09-30');
    expect(moveFocus('2026-10-31', 'PageDown', last)).toBe('2026-11-30');
  });

  it('never goes past the last allowed day and ignores other keys', () => {
    expect(moveFocus('2026-11-30', 'ArrowRight', last)).toBe(last);
    expect(moveFocus('2026-11-25', 'ArrowDown', last)).toBe(last);
    expect(moveFocus('2026-11-20', 'PageDown', last)).toBe(last);
    expect(moveFocus('2026-11-20', 'Enter', last)).toBeNull();
  });
});
