/**
 * The part of the install offer (decision 046) in the first load: Chromium's `beforeinstallprompt` is
 * kept from the start, its own banner held back for the moment install-offer.ts chooses.
 */

/** This device's answer to the offer: `declined` or `installed`; the offer is never made again. */
export const INSTALL_OFFER_KEY = 'hamkke.installOffer';

let kept: Event | null = null;

/** Called once at start. */
export function catchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    kept = event;
  });
}

export function keptInstallPrompt(): Event | null {
  return kept;
}

/** The kept prompt, to show once: a prompt can be shown only once. */
export function takeInstallPrompt(): Event | null {
  const prompt = kept;
  kept = null;
  return prompt;
}
