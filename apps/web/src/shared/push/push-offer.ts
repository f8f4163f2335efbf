const ANSWERED_KEY = 'hamkke.pushOfferAnswered';

/**
 * Reminders are offered once, after a person's first certification (decision 047), only while the
 * browser has not been asked and no earlier offer was answered on this device.
 */
export function pushOfferDue(): boolean {
  if (
    !('Notification' in window) ||
    !('PushManager' in window) ||
    !('serviceWorker' in navigator) ||
    Notification.permission !== 'default'
  )
    return false;
  try {
    return localStorage.getItem(ANSWERED_KEY) === null;
  } catch {
    return true;
  }
}

export function rememberPushOfferAnswered(): void {
  try {
    localStorage.setItem(ANSWERED_KEY, '1');
  } catch {
    // Storage blocked: nothing is remembered; a first certification comes only once anyway.
  }
}
