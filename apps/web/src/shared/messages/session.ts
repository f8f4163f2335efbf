/** Before the session ends (issue 25): the warning's words, loaded with it. */
export const sessionMessages = {
  label: '로그인 연장 안내',
  soon: (minutes: number) => `로그인이 ${minutes}분 뒤에 끝나요. 계속 이용하려면 연장해 주세요.`,
  extend: '연장하기',
  close: '닫기',
  extended: '로그인을 1시간 연장했어요.',
  failed: '연장하지 못했어요. 잠시 후 다시 시도해 주세요.',
};
