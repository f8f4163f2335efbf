/** Part of the message catalog (shared/messages.ts): auth. */

/** Login outcomes and failures (spec §4, §8). */
export const authMessages = {
  tagline: '가족과 함께 하루 한 가지 미션을 인증해요',
  kakaoLogin: '카카오 로그인',
  childrenLogin: '자녀 로그인',
  childrenLoginHint: '아이 계정이 있나요?',
  healthCheckFailed: '지금은 로그인을 시작할 수 없어요. 잠시 후 다시 시도해 주세요.',
  noTokenInfo: '토큰 정보가 없어요. 다시 로그인해 주세요.',
  loginFailedInvalidInfo: '로그인에 실패했어요. 입력한 정보를 다시 확인해 주세요.',
  invalidAuthorizationCode: '인가 코드가 올바르지 않아요. 다시 로그인해 주세요.',
  tokenIssueFailed: '토큰을 발급하지 못했어요. 잠시 후 다시 시도해 주세요.',
  registrationFailed: '약관 동의와 회원가입을 마치지 못했어요. 다시 시도해 주세요.',
  sessionExpired: '로그인 시간이 끝났어요. 다시 로그인해 주세요.',
  backToLogin: '로그인 화면으로 가기',
  /** FAIL of spec §4: no answer, or the server failed. */
  loginFailed: '로그인하지 못했어요. 네트워크 연결을 확인하고 잠시 후 다시 시도해 주세요.',
  loginFailedTitle: '로그인하지 못했어요',
  consentDenied: '카카오 정보 제공에 동의하지 않아 로그인을 멈췄어요. 다시 로그인하고 동의해 주세요.',
  kakaoError: '카카오 로그인을 마치지 못했어요. 처음부터 다시 로그인해 주세요.',
  loggedOut: '로그아웃했어요. 다음에 또 만나요.',
  withdrawn: '탈퇴를 마쳤어요. 그동안 함께해 주셔서 고마워요.',
  checkingKakao: '카카오 계정을 확인하고 있어요.',
  under19Title: '만 19세 이상만 가입할 수 있어요',
  under19Body:
    '함께미션은 만 19세 이상 보호자가 카카오로 가입해요. 아이는 보호자가 만들어 준 자녀 계정으로 로그인할 수 있어요.',
  under19Notice: '만 19세 이상만 가입할 수 있어요. 아이는 자녀 계정으로 로그인해 주세요.',
  emptyPhoneTitle: '카카오 계정에 전화번호가 없어요',
  emptyPhoneBody:
    '카카오톡의 설정 > 카카오계정에서 전화번호를 등록한 뒤, 다시 로그인하면서 전화번호 제공에 동의해 주세요.',
  emptyPhoneNotice: '카카오 계정에 전화번호가 없어요. 전화번호를 등록한 뒤 다시 로그인해 주세요.',
  loginAsChild: '자녀 계정으로 로그인',
};

/** The consent screen after a first Kakao login. */
export const agreementMessages = {
  description: '함께미션을 시작하려면 약관에 동의해 주세요.',
  all: '전체 동의',
  allHint: '선택 항목을 포함해 모두 동의해요.',
  termsOfUse: '이용약관 (필수)',
  privacyPolicy: '개인정보 처리방침 (필수)',
  marketing: '마케팅 정보 수신 (선택)',
  marketingHint: '새 챌린지와 이벤트 소식을 알려 드려요.',
  viewTermsOfUse: '이용약관 보기',
  viewPrivacyPolicy: '개인정보 처리방침 보기',
  view: '보기',
  opensInNewWindow: '(새 창)',
  versions: (terms: string, privacy: string) =>
    `이용약관 ${terms} · 개인정보 처리방침 ${privacy} 기준이에요.`,
  submit: '동의하고 시작하기',
  requiredFirst: '필수 항목에 모두 동의해야 시작할 수 있어요.',
  restart: '처음부터 다시 로그인하기',
};

/** Child login (/login/children) and the pages that explain child accounts. */
export const childrenLoginMessages = {
  description: '부모님이 만들어 준 아이디와 비밀번호로 로그인해요.',
  id: '아이디',
  password: '비밀번호',
  autoLogin: '자동 로그인',
  autoLoginHint: '이 기기에서 로그인 상태를 유지해요.',
  submit: '로그인',
  /** The wait grows from a minute up to an hour; a phone used before (or a parent's) is not held up (decision 033). */
  rateLimited:
    '로그인 시도가 너무 많았어요. 잠시 기다렸다가 다시 시도하거나, 전에 로그인했던 기기나 부모님 기기에서 로그인해 주세요.',
  forgot: '아이디나 비밀번호가 기억나지 않으면 부모님께 물어보세요.',
  goChildrenLogin: '자녀 로그인으로 가기',
};

/** The pages a child opens from a parent's link: /login/id/{token} and /login/pw/{token}. */
export const childLinkMessages = {
  deadTitle: '링크를 열 수 없어요',
  deadBody: '링크가 만료되었거나 이미 사용했어요. 부모님께 새 링크를 부탁해 주세요.',
  deadLoginHint: '이미 아이디를 만들었다면 자녀 로그인에서 로그인할 수 있어요.',
  registerHeading: (parentAlias: string, userNm: string) =>
    `${parentAlias}님이 ${userNm}님의 계정을 만들었어요`,
  registerDescription: '약관에 동의하고, 로그인할 때 쓸 아이디와 비밀번호를 정해 주세요.',
  termsTitle: '약관 동의',
  termsRequired: '필수 약관에 모두 동의해 주세요.',
  accountTitle: '아이디와 비밀번호',
  loginId: '아이디',
  loginIdHint: '영문 소문자, 숫자, -, _로 4~20자예요. 첫 글자는 영문 소문자나 숫자로 해 주세요.',
  loginIdInvalid: '아이디는 영문 소문자, 숫자, -, _로 4~20자여야 해요.',
  loginIdTaken: '이미 사용 중인 아이디예요. 다른 아이디를 정해 주세요.',
  password: '비밀번호',
  passwordHint: '8~64자로 정해 주세요.',
  passwordInvalid: '비밀번호를 8~64자로 입력해 주세요.',
  passwordConfirm: '비밀번호 확인',
  passwordMismatch: '비밀번호가 서로 달라요. 다시 확인해 주세요.',
  passwordConfirmRequired: '비밀번호를 한 번 더 입력해 주세요.',
  registerSubmit: '가입하기',
  registeredTitle: '가입이 끝났어요',
  registeredBody: '정한 아이디와 비밀번호로 지금 바로 로그인할 수 있어요.',
  goLogin: '로그인하러 가기',
  loginIdLine: (loginId: string) => `아이디 ${loginId}`,
  resetHeading: (userNm: string) => `${userNm}님의 새 비밀번호를 정해 주세요`,
  resetDescription: '부모님이 비밀번호를 다시 정할 수 있게 링크를 보냈어요.',
  newPassword: '새 비밀번호',
  newPasswordConfirm: '새 비밀번호 확인',
  resetSubmit: '비밀번호 바꾸기',
  resetDone: '비밀번호를 바꿨어요. 새 비밀번호로 로그인해 주세요.',
};
