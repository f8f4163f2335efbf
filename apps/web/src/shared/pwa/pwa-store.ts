import { create } from 'zustand';

/** What the installable app shows (decision 046), drawn by pwa-host.tsx. */
interface PwaState {
  /** A new version of the app is installed and waiting: this takes it (and reloads the page). */
  takeUpdate: (() => void) | null;
  /** The install offer to show after a certification: Chromium's prompt, or iOS Safari's steps. */
  installOffer: 'prompt' | 'ios' | null;
}

export const usePwaStore = create<PwaState>()(() => ({ takeUpdate: null, installOffer: null }));
