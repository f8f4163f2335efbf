import type { Popup } from '@hamkke/contract/home/popups';
import { describe, expect, it } from 'vitest';
import type { AchievedBadge } from '@hamkke/contract/user/badges';
import {
  dismissForToday,
  greetingFor,
  isDismissedToday,
  parseDismissals,
  popupsToShow,
} from './popup-rules.ts';

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

describe('the one greeting of a /home visit (decision 025)', () => {
  const badge = { badgeId: 'b1', name: '7일 연속' } as AchievedBadge;

  it('waits for the badges, which outrank every page popup', () => {
    expect(greetingFor({ badges: undefined, pagePopups: [popup('1')] })).toBe('wait');
    expect(greetingFor({ badges: [badge], pagePopups: undefined })).toEqual({
      kind: 'badges',
      badges: [badge],
    });
    expect(greetingFor({ badges: [badge], pagePopups: [popup('1')] })).toEqual({
      kind: 'badges',
      badges: [badge],
    });
  });

  it('shows only the first page popup when there is no new badge, and nothing when there is none', () => {
    expect(greetingFor({ badges: [], pagePopups: undefined })).toBe('wait');
    expect(greetingFor({ badges: [], pagePopups: [popup('1'), popup('2')] })).toEqual({
      kind: 'page',
      popup: popup('1'),
    });
    expect(greetingFor({ badges: [], pagePopups: [] })).toBeNull();
  });
});
