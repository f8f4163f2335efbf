import type { Popup } from '@hamkke/contract/home/popups';

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
