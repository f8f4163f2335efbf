import { seoulDay } from '@hamkke/contract/seoul-day';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { newBadgesQueryOptions } from '@/shared/api/rewards.ts';
import { openPopup, useUiStore } from '@/shared/stores/ui-store.ts';
import { popupListQueryOptions } from '../api/popups.ts';
import { openBadgesPopup } from '../celebrate.ts';
import {
  dismissForToday,
  greetingFor,
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

/** Page popups already opened since the page loaded: coming back to /home opens the next one. */
const openedThisLoad = new Set<string>();

/**
 * The one modal that greets a person on /home per visit (decision 025), in this order: new badges,
 * then the operator's first page popup not dismissed for today and not yet shown since the page
 * loaded. (The reward notice is a card in the page, above everything else, and never covers it.)
 * Nothing greets when a popup already shows, such as the answer to an invite link. A page popup
 * belongs to /home: leaving closes it, and it comes back on a later visit.
 */
export function useHomeGreeting(): void {
  const queryClient = useQueryClient();
  const badges = useQuery(newBadgesQueryOptions());
  const popups = useQuery(popupListQueryOptions());
  const greeted = useRef(false);
  const openedPage = useRef<{ entryId: number; popupId: string } | null>(null);

  useEffect(() => {
    if (greeted.current) return;
    const badgesAnswer = badges.isError ? [] : badges.data?.badges;
    const due = popups.isError
      ? []
      : popups.data &&
        popupsToShow(popups.data, readDismissals(), seoulDay()).filter(
          (popup) => !openedThisLoad.has(popup.popupId),
        );
    const greeting = greetingFor({ badges: badgesAnswer, pagePopups: due });
    if (greeting === 'wait') return;
    greeted.current = true;
    if (greeting === null || useUiStore.getState().popups.length > 0) return;
    if (greeting.kind === 'badges') {
      openBadgesPopup(queryClient, greeting.badges);
      return;
    }
    const { popup } = greeting;
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
    openedPage.current = { entryId, popupId: popup.popupId };
  }, [badges.data, badges.isError, popups.data, popups.isError, queryClient]);

  useEffect(
    () => () => {
      // Leaving /home closes its page popup if it is still open; a later visit shows it again.
      greeted.current = false;
      const opened = openedPage.current;
      openedPage.current = null;
      if (!opened) return;
      const { popups: open, removePopup } = useUiStore.getState();
      if (!open.some((entry) => entry.id === opened.entryId)) return;
      removePopup(opened.entryId);
      openedThisLoad.delete(opened.popupId);
    },
    [],
  );
}
