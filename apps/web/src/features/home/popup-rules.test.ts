import type { Popup } from '@hamkke/contract/home/popups';
import { describe, expect, it } from 'vitest';
import { dismissForToday, isDismissedToday, parseDismissals, popupsToShow } from './popup-rules.ts';

const popup = (popupId: string): Popup => ({
  popupId,
  title: 't',
  content: 'c',
  linkUrl: null,
  endsAt: '2026-12-01T00:00:00.000Z',
});

describe('dismissing a popup for today', () => {
  it('hides it for the rest of the day it was dismissed on, and shows it again the next day', () => {
    const record = dismissForToday({}, '7', '2026-11-20');
    expect(isDismissedToday(record, '7', '2026-11-20')).toBe(true);
    expect(isDismissedToday(record, '7', '2026-11-21')).toBe(false);
    expect(isDismissedToday(record, '8', '2026-11-20')).toBe(false);
  });

  it('drops the days before today so the record never grows', () => {
    const record = dismissForToday({ 1: '2026-11-18', 2: '2026-11-20' }, '3', '2026-11-20');
    expect(record).toEqual({ 2: '2026-11-20', 3: '2026-11-20' });
  });

  it('keeps the popups not dismissed today, in order', () => {
    const shown = popupsToShow(
      [popup('1'), popup('2'), popup('3')],
      { 2: '2026-11-20', 3: '2026-11-19' },
      '2026-11-20',
    );
    expect(shown.map((p) => p.popupId)).toEqual(['1', '3']);
  });

  it('reads a damaged record as no dismissals', () => {
    expect(parseDismissals(null)).toEqual({});
    expect(parseDismissals('not json')).toEqual({});
    expect(parseDismissals('[1,2]')).toEqual({});
    expect(parseDismissals('{"1":"2026-11-20","2":5}')).toEqual({ 1: '2026-11-20' });
  });
});
