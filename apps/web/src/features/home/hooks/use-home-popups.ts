import { seoulDay } from '@hamkke/contract/seoul-day';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openPopup, useUiStore } from '@/shared/stores/ui-store.ts';
import { popupListQueryOptions } from '../api/popups.ts';
import {
  dismissForToday,
  parseDismissals,
  popupsToShow,
  POPUP_DISMISSALS_KEY,
  type PopupDismissals,
} from '../popup-rules.ts';

function readDismissals(): PopupDismissals {
  try {
    return parseDismissals(window.localStorage.getItem(POPUP_DISMISSALS_KEY));
  } catch {
    return {};
  }
}

function saveDismissal(popupId: string): void {
  try {
    const next = dismissForToday(readDismissals(), popupId, seoulDay());
    window.localStorage.setItem(POPUP_DISMISSALS_KEY, JSON.stringify(next));
  } catch (error) {
    console.warn('[popup] could not remember the dismissal', error);
  }
}

/** Popups already opened since the page loaded: coming back to /home does not open them again. */
const openedThisLoad = new Set<string>();

/**
 * Opens the active page popups through the popup host, except those dismissed for today. They
 * belong to /home: leaving it closes the ones still open, and they come back on the next visit.
 */
export function useHomePopups(): void {
  const popups = useQuery(popupListQueryOptions());
  useEffect(() => {
    if (!popups.data) return;
    const due = popupsToShow(popups.data, readDismissals(), seoulDay()).filter(
      (popup) => !openedThisLoad.has(popup.popupId),
    );
    const opened: Array<{ entryId: number; popupId: string }> = [];
    // The host shows the top of the stack first: push in reverse so the operator's first comes first.
    for (const popup of [...due].reverse()) {
      openedThisLoad.add(popup.popupId);
      const entryId = openPopup({
        kind: 'page',
        payload: {
          title: popup.title,
          body: popup.content,
          linkUrl: popup.linkUrl,
          onDismissToday: () => saveDismissal(popup.popupId),
        },
      });
      opened.push({ entryId, popupId: popup.popupId });
    }
    return () => {
      const { popups: open, removePopup } = useUiStore.getState();
      for (const { entryId, popupId } of opened) {
        if (!open.some((entry) => entry.id === entryId)) continue;
        removePopup(entryId);
        openedThisLoad.delete(popupId);
      }
    };
  }, [popups.data]);
}
