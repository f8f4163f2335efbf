import { operatorLinkTarget } from '@hamkke/contract/common/operator-link';
import { createElement, type ReactNode } from 'react';
import { messages } from '@/shared/messages.ts';
import type { PopupKind, PopupPayloads } from '@/shared/stores/ui-store.ts';
import { PlainText } from '@/shared/ui/plain-text.tsx';
import {
  AllDonePopupBody,
  BadgesPopupBody,
  MedalPopupBody,
  RewardPopupBody,
} from '@/shared/ui/reward-popups.tsx';
import { rewardMessages } from '@/shared/messages/rewards.ts';
import { homeMessages } from '@/shared/messages/missions.ts';

/** What a layer popup shows; the host gives every kind the same frame, motion and focus rules. */
export interface PopupView {
  title: string;
  body: ReactNode;
  /** A "자세히 보기" link: an in-app path, or an https address opened in a new tab. */
  link?: { href: string; external: boolean };
  /** Present when the popup offers "오늘 하루 보지 않기"; the host closes it afterwards. */
  dismissToday?: () => void;
}

type PopupViews = { [K in PopupKind]?: (payload: PopupPayloads[K]) => PopupView };

/**
 * An operator's link, checked again before the app navigates (the contract's one rule): an in-app
 * path, or an https address opened as external; anything else (`/\evil.example`, `//evil`,
 * `javascript:`) is not shown.
 */
export function popupLink(linkUrl: string | null | undefined): PopupView['link'] {
  return operatorLinkTarget(linkUrl) ?? undefined;
}

/**
 * The one registry of layer popup kinds (spec §2): page, invite, card tooltip, medal, and the paid,
 * traffic and badges reward popups, and the all-done moment of /home.
 */
export const popupViews: PopupViews = {
  page: ({ title, body, linkUrl, onDismissToday }) => ({
    title,
    body: createElement(PlainText, { text: body }),
    link: popupLink(linkUrl),
    dismissToday: onDismissToday,
  }),
  invite: ({ reason }) => ({ title: messages.invite.title, body: messages.invite[reason] }),
  cardTooltip: () => ({ title: rewardMessages.tooltipTitle, body: rewardMessages.tooltipBody }),
  medal: ({ award }) => ({
    title: rewardMessages.medalPopupTitle(rewardMessages.medal[award.medal] ?? award.medal),
    body: createElement(MedalPopupBody, { award }),
  }),
  paidReward: ({ reward }) => ({
    title: rewardMessages.paidPopupTitle,
    body: createElement(RewardPopupBody, { reward }),
    link: { href: '/my/rewardHistory', external: false },
  }),
  trafficReward: ({ reward }) => ({
    title: rewardMessages.trafficPopupTitle,
    body: createElement(RewardPopupBody, { reward }),
    link: { href: '/my/rewardHistory', external: false },
  }),
  badgesReward: ({ badges }) => ({
    title: rewardMessages.badgesPopupTitle,
    body: createElement(BadgesPopupBody, { badges }),
  }),
  allDone: ({ streak, badges }) => ({
    title: homeMessages.allDoneTitle,
    body: createElement(AllDonePopupBody, { streak, badges }),
  }),
};

export function viewFor<K extends PopupKind>(kind: K, payload: PopupPayloads[K]): PopupView | null {
  const render = popupViews[kind];
  return render ? render(payload) : null;
}
