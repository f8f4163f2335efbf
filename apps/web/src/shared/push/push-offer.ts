import { create } from 'zustand';
import { notificationPermission } from './web-push.ts';

const ANSWERED_KEY = 'hamkke.pushOfferAnswered';

/**
 * The offer of reminders after a person's first certification (decision 047): shown on /home once,
 * only while the browser has not been asked; a "later" is remembered on this device.
 */
export const usePushOffer = create<{ open: boolean }>(() => ({ open: false }));

export function offerPushAfterFirstCertification(): void {
  if (notificationPermission() !== 'default') return;
  try {
    if (localStorage.getItem(ANSWERED_KEY)) return;
  } catch {
    // Storage blocked: offer anyway.
  }
  usePushOffer.setState({ open: true });
}

export function closePushOffer(): void {
  usePushOffer.setState({ open: false });
  try {
    localStorage.setItem(ANSWERED_KEY, '1');
  } catch {
    // Storage blocked: it is simply offered again after another first certification (never).
  }
}
