import type { ReactNode } from 'react';
import { messages } from '../../shared/messages.ts';
import type { PopupKind, PopupPayloads } from '../../shared/stores/ui-store.ts';

/** What a layer popup shows; the host gives every kind the same frame, motion and focus rules. */
export interface PopupView {
  title: string;
  body: ReactNode;
}

type PopupViews = { [K in PopupKind]?: (payload: PopupPayloads[K]) => PopupView };

/**
 * The one registry of layer popup kinds (spec §2). Card tooltip, medal and the three reward popups
 * are registered by their features when those are built; until then they cannot be opened
 * (their payload type is `never`).
 */
export const popupViews: PopupViews = {
  page: ({ title, body }) => ({ title, body }),
  invite: ({ reason }) => ({ title: messages.invite.title, body: messages.invite[reason] }),
};

export function viewFor<K extends PopupKind>(kind: K, payload: PopupPayloads[K]): PopupView | null {
  const render = popupViews[kind];
  return render ? render(payload) : null;
}
