import type { MedalAward, Reward } from '@hamkke/contract/reward/rewards';
import type { AchievedBadge } from '@hamkke/contract/user/badges';
import { useEffect } from 'react';
import { create } from 'zustand';
import type { InviteRejectionReason } from '../messages.ts';

/**
 * Client-only UI state: the blocking loading overlay and the layer popup stack (spec §2, §3). The
 * spec's navigation state for the reward notice (`teamId`, `teamMbrId`, `rewardNoticeDisplayYn`) is
 * server state: the notice query's answer (shared/api/rewards.ts).
 */

/** What each layer popup kind needs to show. Kinds whose feature is not built yet take no payload. */
export interface PopupPayloads {
  /** The operator's page popup: plain text with blank lines between paragraphs. */
  page: {
    title: string;
    body: string;
    /** An in-app path or an https address its "자세히 보기" opens. */
    linkUrl?: string | null;
    /** Offers "오늘 하루 보지 않기" next to "닫기"; called before the popup closes. */
    onDismissToday?: () => void;
  };
  invite: { reason: InviteRejectionReason };
  /** The reward notice's tooltip: where rewards are kept (closing it goes to /my, by `onClose`). */
  cardTooltip: Record<string, never>;
  medal: { award: MedalAward };
  paidReward: { reward: Reward };
  trafficReward: { reward: Reward };
  /** New badges, shown once: the caller marks them seen when the popup closes. */
  badgesReward: { badges: AchievedBadge[] };
  /** Today's missions all certified: the streak (null when it could not be read) and badges just earned. */
  allDone: { streak: number | null; badges: AchievedBadge[] };
}
export type PopupKind = keyof PopupPayloads;

export type PopupRequest = {
  [K in PopupKind]: { kind: K; payload: PopupPayloads[K]; onClose?: () => void };
}[PopupKind];
export type PopupEntry = PopupRequest & { id: number };

interface UiState {
  /** Pending blocking tasks; the overlay shows while it is above zero. */
  loadingCount: number;
  /** Open layer popups; the last one is on top. */
  popups: PopupEntry[];
  /**
   * Open sheets and dialogs (decision 025): while any is open, the popup host holds its popups back,
   * so a popup that arrives late never covers a sheet, takes its focus or lands in its hidden area.
   */
  openLayers: number;
  startLoading: () => void;
  stopLoading: () => void;
  pushPopup: (request: PopupRequest) => number;
  removePopup: (id: number) => void;
  holdPopups: () => () => void;
}

let nextPopupId = 1;

export const useUiStore = create<UiState>()((set) => ({
  loadingCount: 0,
  popups: [],
  openLayers: 0,
  startLoading: () => set((state) => ({ loadingCount: state.loadingCount + 1 })),
  stopLoading: () => set((state) => ({ loadingCount: Math.max(0, state.loadingCount - 1) })),
  pushPopup: (request) => {
    const id = nextPopupId++;
    set((state) => ({ popups: [...state.popups, { ...request, id }] }));
    return id;
  },
  removePopup: (id) => set((state) => ({ popups: state.popups.filter((popup) => popup.id !== id) })),
  holdPopups: () => {
    set((state) => ({ openLayers: state.openLayers + 1 }));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      set((state) => ({ openLayers: Math.max(0, state.openLayers - 1) }));
    };
  },
}));

/**
 * A sheet or dialog calls this with its open state: while it is open, layer popups wait behind it
 * and open once it closes (decision 025).
 */
export function useHoldsPopups(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    return useUiStore.getState().holdPopups();
  }, [open]);
}

/** Opens a layer popup on top of the stack; returns its id for {@link closePopup}. */
export function openPopup(request: PopupRequest): number {
  return useUiStore.getState().pushPopup(request);
}

/** Closes the popup with this id, or the top one when no id is given. */
export function closePopup(id?: number): void {
  const { popups, removePopup } = useUiStore.getState();
  const target = id === undefined ? popups.at(-1) : popups.find((popup) => popup.id === id);
  if (!target) return;
  removePopup(target.id);
  target.onClose?.();
}

/** Shows the blocking overlay (login, upload) while `task` runs. */
export async function withLoadingOverlay<T>(task: () => Promise<T>): Promise<T> {
  const { startLoading, stopLoading } = useUiStore.getState();
  startLoading();
  try {
    return await task();
  } finally {
    stopLoading();
  }
}
