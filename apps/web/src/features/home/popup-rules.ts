import type { Popup } from '@hamkke/contract/home/popups';
import type { AchievedBadge } from '@hamkke/contract/user/badges';

/**
 * "오늘 하루 보지 않기": the popup stays away for the rest of the Asia/Seoul day it was dismissed on.
 * Kept in localStorage as `{ [popupId]: 'YYYY-MM-DD' }`.
 */
export const POPUP_DISMISSALS_KEY = 'hamkke.popupDismissals';

export type PopupDismissals = Readonly<Record<string, string>>;

/** Reads the stored record; anything unreadable counts as no dismissals. */
export function parseDismissals(raw: string | null): PopupDismissals {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export function isDismissedToday(dismissals: PopupDismissals, popupId: string, today: string): boolean {
  return dismissals[popupId] === today;
}

/** The record after dismissing `popupId` today; days before today are dropped, so it never grows. */
export function dismissForToday(
  dismissals: PopupDismissals,
  popupId: string,
  today: string,
): PopupDismissals {
  const kept = Object.entries(dismissals).filter(([, day]) => day >= today);
  return { ...Object.fromEntries(kept), [popupId]: today };
}

/** The popups to show now, in the operator's order. */
export function popupsToShow(popups: readonly Popup[], dismissals: PopupDismissals, today: string): Popup[] {
  return popups.filter((popup) => !isDismissedToday(dismissals, popup.popupId, today));
}

/** What greets a person on /home: new badges first, then the first page popup (decision 025). */
export type Greeting = { kind: 'badges'; badges: AchievedBadge[] } | { kind: 'page'; popup: Popup } | null;

/**
 * The one greeting of a visit, from what is known so far (`undefined`: not answered yet): `'wait'`
 * until the answer that decides is in. New badges outrank page popups, so the popups wait for the
 * badges' answer; the badges never wait for the popups.
 */
export function greetingFor(known: {
  badges: readonly AchievedBadge[] | undefined;
  pagePopups: readonly Popup[] | undefined;
}): Greeting | 'wait' {
  if (known.badges === undefined) return 'wait';
  if (known.badges.length > 0) return { kind: 'badges', badges: [...known.badges] };
  if (known.pagePopups === undefined) return 'wait';
  const first = known.pagePopups[0];
  return first ? { kind: 'page', popup: first } : null;
}
