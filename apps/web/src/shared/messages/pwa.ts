/**
 * The installable app's words (decision 046): the update banner and the install sheet. Imported by
 * their lazily loaded views, not through the catalog, so they stay out of the first load.
 */
export const pwaMessages = {
  updateReady: '새 버전이 있어요',
  updateDetail: '새로고침하면 바로 써 볼 수 있어요.',
  updateReload: '새로고침',
  updateLater: '나중에',
  installTitle: '함께미션을 홈 화면에 추가할까요?',
  installDetail: '앱처럼 바로 열고, 오늘의 미션을 잊지 않고 인증할 수 있어요.',
  installAction: '홈 화면에 추가하기',
  installLater: '다음에 할게요',
  iosTitle: '홈 화면에 추가하는 방법',
  iosDetail: 'Safari에서 두 번만 누르면 앱처럼 쓸 수 있어요.',
  iosSteps: [
    '화면 아래의 공유 버튼을 눌러요.',
    "메뉴에서 '홈 화면에 추가'를 눌러요.",
    "오른쪽 위의 '추가'를 누르면 끝이에요.",
  ],
  iosDone: '알겠어요',
};
