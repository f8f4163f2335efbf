/**
 * Certification drafts kept on this device, one localStorage entry per person (issue 25; what they
 * hold and when they are kept: certify-draft-store.ts, loaded with the certify sheet). This part
 * is what a session's end needs: logout and withdrawal discard them.
 */

const KEY_PREFIX = 'hamkke.certifyDrafts.';

export const certifyDraftsKeyOf = (userId: string) => `${KEY_PREFIX}${userId}`;

/** Logout and withdrawal: nothing of this person's drafts stays on the device. */
export function discardCertifyDrafts(userId: string): void {
  try {
    window.localStorage.removeItem(certifyDraftsKeyOf(userId));
  } catch (error) {
    console.warn('[certify] could not discard the drafts', error);
  }
}
