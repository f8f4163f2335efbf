/**
 * What a person reads about an operator's moderation. Imported by the views that show it, not
 * through the catalog: the catalog is in the app's first load, and these lines are not needed there.
 */
export const moderationMessages = {
  /** Shown to its author only: an operator hid the certification from others. */
  hiddenCertification: (reason: string) => `운영자가 숨긴 인증이에요. 사유: ${reason}`,
  /** On /home's mission card: today's certification was hidden, so it does not count. */
  hiddenChip: '숨겨진 인증',
  /** In the certification sheet, where the share button would be. */
  hiddenNotShared: '숨겨진 인증은 공유할 수 없고 오늘의 인증으로 세지 않아요.',
};
