/**
 * What a person reads about an operator's moderation. Imported by the views that show it, not
 * through the catalog: the catalog is in the app's first load, and these lines are not needed there.
 */
export const moderationMessages = {
  /** Shown to its author only: an operator hid the certification from others. */
  hiddenCertification: (reason: string) => `운영자가 숨긴 인증이에요. 사유: ${reason}`,
};
