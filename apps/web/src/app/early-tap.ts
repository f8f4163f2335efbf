import { EARLY_TAP_GLOBAL } from '@hamkke/contract/route';

/** What the server's loader keeps for a page seen before its scripts run (server plugins/after-paint.ts). */
interface EarlyTap {
  /** The tapped button's place among the page's buttons, or `null` when none was tapped. */
  index: number | null;
  /** Stops keeping taps. */
  stop: () => void;
}

/**
 * Presses the button someone tapped on a page the server sent already drawn, before the app was
 * live to answer it (the login page's Kakao button, a shared day's photo). The app's first render
 * draws the same page, so the button at the same place is the same one. Once: later taps are the
 * app's.
 */
export function pressEarlyTap(): void {
  const globals = window as unknown as Record<string, EarlyTap | undefined>;
  const kept = globals[EARLY_TAP_GLOBAL];
  if (!kept) return;
  delete globals[EARLY_TAP_GLOBAL];
  kept.stop();
  if (kept.index === null) return;
  document.querySelectorAll<HTMLButtonElement>('#root button')[kept.index]?.click();
}
