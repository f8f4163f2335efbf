/**
 * Offering to install the app (decision 046): never on first load or the login page, only after a
 * certification succeeded (loaded then, not with the first load), and never again once declined or
 * installed (kept on this device). Chromium's `beforeinstallprompt` is caught from the start
 * (install-prompt.ts); iOS Safari has no such event, so it gets the add-to-home-screen steps instead.
 */
import { INSTALL_OFFER_KEY, keptInstallPrompt, takeInstallPrompt } from './install-prompt.ts';
import { usePwaStore } from './pwa-store.ts';

/** Chromium's install prompt event (not in the DOM's types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Safari on an iPhone or iPad (not another iOS browser, whose share menu has no 홈 화면에 추가 step). */
export function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const iosDevice = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return iosDevice && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|KAKAOTALK|Line\//.test(userAgent);
}

function answered(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_OFFER_KEY) !== null;
  } catch {
    return true;
  }
}

export function rememberAnswer(answer: 'declined' | 'installed'): void {
  try {
    window.localStorage.setItem(INSTALL_OFFER_KEY, answer);
  } catch {
    // Storage refused (private mode): the offer may come again, which is harmless.
  }
}

function runningInstalled(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** After a certification succeeded: offers to install, when this device can and has not answered. */
export function offerInstall(): void {
  if (answered() || runningInstalled()) return;
  if (keptInstallPrompt()) usePwaStore.setState({ installOffer: 'prompt' });
  else if (isIosSafari(navigator.userAgent, navigator.maxTouchPoints))
    usePwaStore.setState({ installOffer: 'ios' });
}

/** 홈 화면에 추가하기: Chromium's own prompt; its answer is remembered either way. */
export async function promptInstall(): Promise<void> {
  const prompt = takeInstallPrompt() as BeforeInstallPromptEvent | null;
  usePwaStore.setState({ installOffer: null });
  if (!prompt) return;
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  rememberAnswer(outcome === 'accepted' ? 'installed' : 'declined');
}

/** 다음에 할게요, or the sheet closed: not offered again on this device. */
export function declineInstall(): void {
  rememberAnswer('declined');
  usePwaStore.setState({ installOffer: null });
}
