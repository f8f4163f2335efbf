import type { ErrorCode } from '@hamkke/contract/envelope';
import { challengeMessages, teamMessages } from './messages/team.ts';

/**
 * Every Korean sentence the web app shows, in one place (해요체, short and polite).
 * No other file under src may hold Korean text; messages.test.ts checks it.
 */

/** Error codes the client adds to the contract's: the request never got a usable answer. */
export type ClientErrorCode = 'NETWORK' | 'INVALID_RESPONSE';

/** Login outcomes and failures (spec §4, §8). */
const authMessages = {
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
const agreementMessages = {
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
const childrenLoginMessages = {
  description: '부모님이 만들어 준 아이디와 비밀번호로 로그인해요.',
  id: '아이디',
  password: '비밀번호',
  autoLogin: '자동 로그인',
  autoLoginHint: '이 기기에서 로그인 상태를 유지해요.',
  submit: '로그인',
  rateLimited: '로그인 시도가 너무 많았어요. 15분쯤 기다렸다가 다시 시도해 주세요.',
  forgot: '아이디나 비밀번호가 기억나지 않으면 부모님께 물어보세요.',
  goChildrenLogin: '자녀 로그인으로 가기',
};

/** The pages a child opens from a parent's link: /login/id/{token} and /login/pw/{token}. */
const childLinkMessages = {
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

/** Links a parent makes for a child: invitation (/my/children) and password reset (/my/children-info). */
const childInviteMessages = {
  inviteAction: '초대 링크 만들기',
  inviteTitle: '초대 링크 만들기',
  inviteDescription: '아이가 링크를 열어 직접 아이디와 비밀번호를 정해요.',
  inviteName: '아이 이름',
  inviteNameHint: '아이에게 보이는 이름이에요. 20자까지 쓸 수 있어요.',
  inviteSubmit: '링크 만들기',
  inviteReady: (userNm: string) => `${userNm}님의 초대 링크를 만들었어요`,
  inviteAfter: '아이가 가입을 마치면 자녀 목록에 나타나요.',
  inviteShareTitle: '함께미션 자녀 계정 만들기',
  inviteShareText: (userNm: string) => `${userNm}님, 이 링크에서 아이디와 비밀번호를 정해 주세요.`,
  resetTitle: '비밀번호 재설정 링크',
  resetDescription: '아이가 링크를 열어 직접 새 비밀번호를 정해요. 기존 비밀번호를 몰라도 돼요.',
  resetAction: '재설정 링크 만들기',
  resetAgain: '새 링크 만들기',
  resetShareTitle: '함께미션 비밀번호 재설정',
  resetShareText: (userNm: string) => `${userNm}님, 이 링크에서 새 비밀번호를 정해 주세요.`,
  linkLabel: '링크 주소',
  share: '링크 공유하기',
  expires: (when: string) => `${when}까지 한 번만 쓸 수 있어요.`,
};

/** The my pages: account, logout, withdrawal, children management and passwords. */
const myMessages = {
  greeting: (name: string) => `${name}님, 반가워요`,
  aliasLine: (alias: string) => `별명 ${alias}`,
  accountParent: '보호자',
  accountChild: '자녀',
  pinVerified: '회원 인증 완료',
  pinNotVerified: '회원 인증 전',
  menuLabel: '마이 메뉴',
  menuUserInfo: '내 정보',
  menuChildren: '자녀 관리',
  menuVerify: '회원 인증하기',
  menuPassword: '비밀번호 변경',
  menuRewardHistory: '보상 내역',
  menuFaq: '자주 묻는 질문',
  menuServiceInfo: '서비스 안내',
  logout: '로그아웃',
  logoutConfirm: '로그아웃할까요?',
  cancel: '취소',
  backToMy: '마이로 가기',

  name: '이름',
  alias: '별명',
  phone: '휴대폰 번호',
  birthDate: '생년월일',
  accountType: '계정 유형',
  pinStatus: '회원 인증',
  joinedAt: '가입일',
  noPhone: '등록된 번호가 없어요',
  unknown: '알 수 없어요',
  accountParentKakao: '보호자 (카카오 로그인)',
  accountChildId: '자녀 (아이디 로그인)',
  accountDetails: '계정 정보',
  verifyTitle: '회원 인증',
  verifyDescription: '회원 인증을 마치면 팀을 만들고 자녀 계정을 관리할 수 있어요.',
  memberNo: '회원번호',
  memberNoHint: '회원증에 적힌 회원번호를 입력해 주세요.',
  memberNoInvalid: '회원번호를 3~30자로 입력해 주세요.',
  verifySubmit: '인증하기',
  verifyFailed: '회원 정보를 찾지 못했어요. 회원번호와 가입한 이름이 맞는지 확인해 주세요.',
  verifyRateLimited: '인증 시도가 너무 많았어요. 15분쯤 기다렸다가 다시 시도해 주세요.',
  verified: '회원 인증을 마쳤어요. 이제 자녀 계정을 만들 수 있어요.',
  withdrawTitle: '회원 탈퇴',
  withdraw: '회원 탈퇴',
  withdrawConfirm: '정말 탈퇴할까요?',
  withdrawParentDescription: '탈퇴하면 내 정보와 자녀 계정, 인증 기록이 모두 지워지고 되돌릴 수 없어요.',
  withdrawChildDescription: '탈퇴하면 내 인증 기록이 모두 지워지고 되돌릴 수 없어요.',
  withdrawAction: '탈퇴하기',

  childrenDescription: '자녀 계정을 만들면 아이가 아이디와 비밀번호로 로그인해요.',
  childrenListLabel: '자녀 목록',
  childrenEmpty: '아직 만든 자녀 계정이 없어요. 첫 자녀 계정을 만들어 보세요.',
  childLoginId: (loginId: string) => `아이디 ${loginId}`,
  addChild: '자녀 추가',
  addChildTitle: '자녀 계정 만들기',
  childName: '이름',
  childNameHint: '아이에게 보이는 이름이에요. 20자까지 쓸 수 있어요.',
  childLoginIdLabel: '아이디',
  childLoginIdHint: '영문 소문자, 숫자, -, _로 4~20자예요. 첫 글자는 영문 소문자나 숫자로 해 주세요.',
  childPassword: '비밀번호',
  childPasswordHint: '8~64자로 정해 주세요.',
  create: '만들기',
  childCreated: (name: string) => `${name} 계정을 만들었어요.`,
  nameInvalid: '이름을 1~20자로 입력해 주세요.',
  loginIdInvalid: '아이디는 영문 소문자, 숫자, -, _로 4~20자여야 해요.',
  passwordInvalid: '비밀번호를 8~64자로 입력해 주세요.',
  loginIdTaken: '이미 사용 중인 아이디예요. 다른 아이디를 정해 주세요.',

  loginRequired: '로그인이 필요해요',
  loginRequiredBody: '자녀 정보는 보호자가 로그인한 뒤에 볼 수 있어요.',
  goLogin: '로그인하러 가기',
  childNotFound: '찾는 자녀 계정이 없어요. 목록에서 다시 골라 주세요.',
  backToChildren: '자녀 목록으로 가기',
  createdAt: '만든 날',
  renameTitle: '이름 바꾸기',
  save: '저장하기',
  renamed: '이름을 바꿨어요.',
  nameUnchanged: '지금과 다른 이름을 입력해 주세요.',
  newPasswordTitle: '새 비밀번호 정하기',
  newPassword: '새 비밀번호',
  newPasswordConfirm: '새 비밀번호 확인',
  newPasswordNote: '비밀번호를 바꾸면 자녀는 모든 기기에서 로그아웃돼요.',
  passwordMismatch: '새 비밀번호가 서로 달라요. 다시 확인해 주세요.',
  childPasswordSaved: '새 비밀번호를 저장했어요.',
  deleteChild: '자녀 계정 삭제',
  deleteChildConfirm: '자녀 계정을 삭제할까요?',
  deleteChildDescription: (name: string) =>
    `삭제하면 ${name}의 인증 기록과 사진이 모두 지워지고 되돌릴 수 없어요.`,
  deleteAction: '삭제',
  childDeleted: '자녀 계정을 삭제했어요.',

  currentPassword: '현재 비밀번호',
  currentPasswordRequired: '현재 비밀번호를 입력해 주세요.',
  currentPasswordWrong: '현재 비밀번호가 맞지 않아요.',
  changePassword: '비밀번호 바꾸기',
  passwordChanged: '비밀번호를 바꿨어요.',
  parentHasNoPassword: '카카오로 로그인한 계정은 비밀번호가 없어요. 카카오 계정으로 로그인해 주세요.',
};

/** Today's missions on /home. */
const homeMessages = {
  browseChallenges: '챌린지 둘러보기',
  greeting: (name: string) => (name ? `${name}님, 오늘의 미션이에요` : '오늘의 미션이에요'),
  subtitle: '미션을 하고 사진이나 글로 인증해 보세요.',
  noMissions: '아직 참여 중인 미션이 없어요. 챌린지에 참여하고 오늘의 미션을 시작해 보세요.',
  progressTitle: '오늘의 진행',
  progressLine: (group: string, certified: number, total: number) =>
    `${group} 미션 ${total}개 중 ${certified}개를 인증했어요.`,
  allDone: '오늘의 미션을 모두 인증했어요!',
};

/** A mission as a card: its proof type, its group and its certified state. */
const missionMessages = {
  proofType: { PHOTO: '사진 인증', TEXT: '글 인증', PHOTO_TEXT: '사진+글 인증' },
  group: { challenge: '챌린지 미션', always: '상시 미션' },
  groupShort: { challenge: '챌린지', always: '상시' },
  certified: '인증 완료',
  certify: '인증하기',
  view: '보기',
  viewCertification: (title: string) => `${title} 인증 보기`,
};

/** The certify sheet: photos, text and the answers of home/mission-certification. */
const certifyMessages = {
  requirement: {
    PHOTO: '사진을 1장 이상 올려서 인증해요.',
    TEXT: '글을 써서 인증해요.',
    PHOTO_TEXT: '사진 1장 이상과 글을 함께 올려서 인증해요.',
  },
  photosRequiredLabel: '인증 사진 (필수)',
  photosOptionalLabel: '사진 (선택)',
  photosHint: (max: number) => `최대 ${max}장까지 올릴 수 있어요. 고르면 바로 올라가요.`,
  addPhoto: '사진 추가',
  photoCount: (count: number, max: number) => `${count}/${max}`,
  photoPreview: (index: number) => `고른 사진 ${index}`,
  uploadingPhoto: (index: number) => `사진 ${index} 올리는 중`,
  photoUploaded: (index: number) => `사진 ${index} 올리기 완료`,
  retryPhoto: (index: number) => `사진 ${index} 다시 올리기`,
  removePhoto: (index: number) => `사진 ${index} 빼기`,
  photoFailed: (index: number, reason: string) => `사진 ${index}: ${reason}`,
  tooManyPhotos: '사진은 3장까지 올릴 수 있어요. 넘친 사진은 빼 두었어요.',
  textRequiredLabel: '인증 글 (필수)',
  textOptionalLabel: '한마디 (선택)',
  textHint: '오늘 미션을 어떻게 했는지 짧게 남겨 주세요.',
  textPlaceholder: '예: 가족과 공원을 한 바퀴 걸었어요.',
  formatToolbar: '글 서식',
  bold: '굵게',
  bulletList: '글머리 기호 목록',
  counterLabel: '글자 수',
  counter: (count: string, max: string) => `${count}/${max}`,
  submit: '인증하기',
  submitting: '인증하는 중이에요',
  done: '인증했어요',
  photoRequired: '사진을 1장 이상 올려 주세요.',
  failedPhotosLeft: '올리지 못한 사진이 있어요. 다시 올리거나 빼 주세요.',
  photoReupload: '쓸 수 없는 사진이 있어요. 빼고 다시 올려 주세요.',
  textRequired: '인증 글을 써 주세요.',
  textTooLong: (max: string) => `글은 ${max}자까지 쓸 수 있어요. 조금 줄여 주세요.`,
  stillUploading: '사진을 올리는 중이에요. 다 올라가면 인증할 수 있어요.',
  alreadyCertified: '오늘은 이미 인증한 미션이에요.',
  missionNotToday: '오늘 인증할 수 있는 미션이 아니에요. 화면을 새로고침해 주세요.',
  forbiddenWords: (words: string) => `쓸 수 없는 단어가 있어요: ${words}. 다른 표현으로 바꿔 주세요.`,
};

/** Photo upload failures (common/upload). */
const uploadMessages = {
  tooLarge: '사진이 너무 커요. 10MB 이하의 사진을 골라 주세요.',
  unsupported: '올릴 수 없는 파일이에요. JPG, PNG, WebP, HEIC 사진을 골라 주세요.',
  timeout: '사진을 올리는 데 너무 오래 걸렸어요. 연결을 확인하고 다시 시도해 주세요.',
  network: '사진을 올리지 못했어요. 연결을 확인하고 다시 시도해 주세요.',
};

/** Photos in fixed boxes and their full view. */
const photoMessages = {
  open: (subject: string, index: number, count: number) => `${subject} 사진 ${index}/${count} 크게 보기`,
  alt: (subject: string, index: number, count: number) => `${subject} 사진 ${index}/${count}`,
  position: (index: number, count: number) => `${index} / ${count}`,
  previous: '이전 사진',
  next: '다음 사진',
};

/** A certification shown on its own: detail sheet, calendar day, shared page. */
const certificationMessages = {
  certifiedAt: (time: string) => `${time} 인증`,
  sheetTitle: '나의 인증',
  sheetDescription: (day: string) => `${day}에 올린 인증이에요.`,
  notFound: '인증을 찾지 못했어요. 이미 삭제되었을 수 있어요.',
  delete: '삭제',
  deleteConfirm: '인증을 삭제할까요?',
  deleteDescription: '사진과 글이 함께 지워지고 되돌릴 수 없어요. 오늘 안에는 다시 인증할 수 있어요.',
  cancel: '취소',
  deleteAction: '삭제',
  deleted: '인증을 삭제했어요.',
};

/** Sharing a day of certifications. */
const shareMessages = {
  action: '공유하기',
  title: '함께미션 인증',
  text: (day: string) => `${day}의 미션 인증을 확인해 보세요.`,
  copied: '링크를 복사했어요',
  failed: '링크를 공유하지 못했어요. 잠시 후 다시 시도해 주세요.',
};

/** The shared pages, seen without login. */
const sharedMessages = {
  intro: (alias: string, day: string) => `${alias}님의 ${day} 인증이에요.`,
  count: (count: number) => `인증 ${count}개`,
  emptyDay: '이 날 공유된 인증이 아직 없어요.',
  notFound: '공유된 인증을 찾을 수 없어요',
  notFoundBody: '링크가 바뀌었거나 인증이 삭제되었을 수 있어요.',
  ctaTitle: '우리 가족도 함께해 볼까요?',
  ctaBody: '하루 한 가지 미션을 가족과 함께 인증해요.',
  cta: '함께미션 시작하기',
};

/** The month calendar of /active and /active/history. */
const calendarMessages = {
  sectionLabel: '인증 달력',
  weekdays: [
    { short: '일', long: '일요일' },
    { short: '월', long: '월요일' },
    { short: '화', long: '화요일' },
    { short: '수', long: '수요일' },
    { short: '목', long: '목요일' },
    { short: '금', long: '금요일' },
    { short: '토', long: '토요일' },
  ],
  previousMonth: '이전 달',
  nextMonth: '다음 달',
  dayLabel: (day: string, count: number, full: boolean) =>
    count > 0 ? `${day}, 인증 ${count}개${full ? ', 모두 완료' : ''}` : day,
  legend: '달력 표시',
  legendSome: '인증한 날',
  legendFull: '모두 인증한 날',
  monthTotals: (certifications: number, days: number) =>
    `이 달 인증 ${certifications}개 · 인증한 날 ${days}일`,
  totalsUnavailable: '이 달의 합계를 불러오지 못했어요.',
  dayTitle: (day: string) => `${day} 인증`,
  emptyDay: '이 날은 인증 기록이 없어요.',
  futureDay: '아직 오지 않은 날이에요.',
};

/** The activity pages. */
const activeMessages = {
  todayTitle: '오늘의 인증',
  certifiedOf: (certified: number, total: number) => `${certified}/${total}`,
  participating: '참여 미션',
  missionCount: (count: number) => `${count}개`,
  toHistory: '활동 기록 보기',
  logTitle: '모든 인증 기록',
  logEmpty: '아직 인증 기록이 없어요. 오늘의 미션부터 인증해 보세요.',
  logMore: '더 보기',
  photoCount: (count: number) => `사진 ${count}장`,
};

/** Notices (/home/notice, /home/notice-detail). */
const noticeMessages = {
  empty: '아직 공지사항이 없어요.',
  pinned: '고정 공지',
  all: '전체 공지',
  pinnedChip: '고정',
  newLabel: '새 공지',
  more: '더 보기',
  notFound: '찾는 공지사항이 없어요. 목록에서 다시 골라 주세요.',
  backToList: '목록',
  pager: '다른 공지사항',
  previous: '이전 글',
  next: '다음 글',
};

/** The page popup's buttons. */
const popupMessages = {
  more: '자세히 보기',
  newWindow: '(새 창)',
  hideToday: '오늘 하루 보지 않기',
};

/** FAQ and service information (/my/faq, /my/serviceinfo). */
const helpMessages = {
  faqEmpty: '아직 등록된 질문이 없어요.',
  updatedAt: (date: string) => `${date} 업데이트`,
};

const errorCodeMessages = {
  VALIDATION_FAILED: '입력한 내용을 다시 확인해 주세요.',
  UNAUTHORIZED: '로그인이 필요해요. 다시 로그인해 주세요.',
  SESSION_MISMATCH: '로그인 정보가 맞지 않아요. 다시 로그인해 주세요.',
  FORBIDDEN: '이 기능을 사용할 수 있는 권한이 없어요.',
  PIN_REQUIRED: '회원 인증을 마친 보호자만 사용할 수 있어요.',
  NOT_FOUND: '찾는 정보가 없어요. 다시 확인해 주세요.',
  ROUTE_NOT_FOUND: '요청한 기능을 찾지 못했어요. 앱을 새로고침해 주세요.',
  CONFLICT: '이미 처리된 요청이에요. 화면을 새로고침해 주세요.',
  PAYLOAD_TOO_LARGE: '파일이 너무 커요. 더 작은 파일을 올려 주세요.',
  UNSUPPORTED_MEDIA_TYPE: '올릴 수 없는 파일 형식이에요. 사진 파일을 골라 주세요.',
  RATE_LIMITED: '요청이 너무 많아요. 잠시 후 다시 시도해 주세요.',
  LOGIN_STATE_MISMATCH: '로그인 요청이 만료됐어요. 처음부터 다시 로그인해 주세요.',
  KAKAO_INVALID_CODE: authMessages.invalidAuthorizationCode,
  KAKAO_TOKEN_FAILED: authMessages.tokenIssueFailed,
  KAKAO_UNAVAILABLE: '카카오에 연결하지 못했어요. 잠시 후 다시 시도해 주세요.',
  INVALID_CREDENTIALS: authMessages.loginFailedInvalidInfo,
  ALREADY_REGISTERED: '이미 가입한 카카오 계정이에요. 로그인해 주세요.',
  FORBIDDEN_WORD: '쓸 수 없는 단어가 들어 있어요. 다른 표현으로 바꿔 주세요.',
  ALREADY_IN_ALWAYS_TEAM: '이미 참여 중인 상시 팀이 있어요.',
  ALREADY_IN_CHALLENGE_TEAM: '이미 참여 중인 챌린지 팀이 있어요.',
  TEAM_SIGNUP_CLOSED: '지금은 팀원을 초대하는 기간이 아니에요.',
  TEAM_FULL: '최대 참여 인원을 넘어 더 초대할 수 없어요.',
  ALREADY_TEAM_MEMBER: '이미 가입한 팀이에요.',
  TEAM_NAME_TAKEN: '이 기수에 같은 이름의 팀이 있어요. 다른 이름을 지어 주세요.',
  TEAM_LOCKED: '지금은 이 팀을 바꿀 수 없어요. 진행 중이거나 끝난 기수의 팀이에요.',
  MANAGER_MUST_HAND_OVER: '팀장은 다른 보호자에게 팀장을 넘긴 뒤에 나갈 수 있어요.',
  NOT_ELIGIBLE: '가입할 수 없는 계정이에요. 만 19세 이상, 휴대폰 번호가 있는 카카오 계정으로 가입해 주세요.',
  SERVICE_UNAVAILABLE: '서비스를 잠시 사용할 수 없어요. 잠시 후 다시 시도해 주세요.',
  INTERNAL_ERROR: '일시적인 오류가 생겼어요. 잠시 후 다시 시도해 주세요.',
  NETWORK: '네트워크 연결이 원활하지 않아요. 연결을 확인하고 다시 시도해 주세요.',
  INVALID_RESPONSE: '서버 응답을 읽지 못했어요. 잠시 후 다시 시도해 주세요.',
} satisfies Record<ErrorCode | ClientErrorCode, string>;

export const messages = {
  app: {
    name: '함께미션',
    documentTitle: (pageTitle: string) => `${pageTitle} | 함께미션`,
    skipToContent: '본문 바로가기',
  },

  /** Page titles (the h1 of each route), keyed like app/route-paths.ts. */
  pages: {
    root: '함께미션',
    welcome: '함께미션 소개',
    terms: '이용약관',
    unexpected: '일시적인 오류가 생겼어요',
    notFound: '페이지를 찾을 수 없어요',
    missionShared: '공유된 미션 인증',
    challengeShared: '공유된 챌린지 인증',
    loginAuth: '함께미션 시작하기',
    loginTermsOfUse: '이용약관',
    loginPrivacyPolicy: '개인정보 처리방침',
    loginCallback: '로그인하는 중',
    loginAgreement: '약관 동의',
    loginChildren: '자녀 로그인',
    loginChildRegister: '자녀 계정 등록',
    loginChildPassword: '자녀 비밀번호 변경',
    home: '오늘의 미션',
    homeNotice: '공지사항',
    homeNoticeDetail: '공지사항 상세',
    homeTermsOfUse: '이용약관',
    homePrivacyPolicy: '개인정보 처리방침',
    challenge: '챌린지',
    challengeHistory: '지난 챌린지',
    active: '내 활동',
    activeHistory: '활동 기록',
    team: '마이팀',
    teamInvite: '팀 초대',
    teamChallengeDetail: '챌린지 팀',
    teamChallengeRanking: '챌린지 팀 순위',
    teamAlwaysDetail: '상시 팀',
    teamAlwaysRanking: '상시 팀 순위',
    teamChallengeManagement: '챌린지 팀 관리',
    teamAlwaysManagement: '상시 팀 관리',
    teamCreate: '팀 만들기',
    teamMembersAlways: '상시 팀 멤버',
    teamMembersChallenge: '챌린지 팀 멤버',
    teamMemberDetailAlways: '상시 팀 멤버 기록',
    teamMemberDetailChallenge: '챌린지 팀 멤버 기록',
    teamInvited: '초대한 멤버',
    my: '마이',
    myFaq: '자주 묻는 질문',
    myServiceInfo: '서비스 안내',
    myUserInfo: '내 정보',
    myRewardHistory: '보상 내역',
    myChildren: '자녀 관리',
    myChildInfo: '자녀 정보',
    myId: '아이디 변경',
    myPassword: '비밀번호 변경',
  },

  /** Count units of the header (spec §5). */
  units: {
    tenThousand: '만',
    thousand: '천',
  },

  common: {
    back: '뒤로 가기',
    goHome: '홈으로 가기',
    retry: '다시 시도',
    close: '닫기',
    confirm: '확인',
    loading: '불러오는 중이에요',
  },

  nav: {
    label: '주요 메뉴',
    home: '홈',
    challenge: '챌린지',
    team: '마이팀',
    active: '내 활동',
    my: '마이',
  },

  header: {
    counts: (missions: string, users: string, today: string) =>
      `누적 인증 ${missions}\u2009·\u2009가족 ${users}명\u2009·\u2009오늘 ${today}건`,
    notice: '공지사항',
    noticeWithNew: '공지사항, 새 공지가 있어요',
    serviceInfo: '서비스 안내',
    faq: '자주 묻는 질문',
    countdownLabel: '로그인 유지 시간',
  },

  footer: {
    termsOfUse: '이용약관',
    privacyPolicy: '개인정보 처리방침',
    customerService: '고객센터',
    inquiry: '문의',
    companyName: '상호',
    ceo: '대표',
    businessNumber: '사업자등록번호',
    address: '주소',
  },

  /** The blocking overlay (spec §2), worded as the spec gives it. */
  loading: {
    title: 'Loading...',
    description: '데이터를 불러오는 중입니다. 잠시만 기다려 주세요.',
  },

  empty: {
    comingSoon: '준비 중인 화면이에요. 곧 만나요!',
    notFound: '주소가 바뀌었거나 없어진 페이지예요.',
    unexpected: '잠시 후 다시 시도해 주세요. 문제가 계속되면 고객센터로 알려 주세요.',
    noPrivacyPolicy: '아직 등록된 개인정보 처리방침이 없어요.',
  },

  home: homeMessages,

  errors: {
    codes: errorCodeMessages,
    unknown: '알 수 없는 오류가 발생했어요.',
  },

  auth: authMessages,
  agreement: agreementMessages,
  childrenLogin: childrenLoginMessages,
  childLink: childLinkMessages,
  childInvite: childInviteMessages,
  my: myMessages,
  mission: missionMessages,
  certify: certifyMessages,
  upload: uploadMessages,
  photos: photoMessages,
  certification: certificationMessages,
  share: shareMessages,
  shared: sharedMessages,
  calendar: calendarMessages,
  active: activeMessages,
  notice: noticeMessages,
  popup: popupMessages,
  help: helpMessages,
  challenge: challengeMessages,
  team: teamMessages,

  /** The five reasons a team invite link cannot be accepted (spec §4, §8). */
  invite: {
    title: '팀 초대',
    alreadyInAlwaysTeam: '이미 참여 중인 상시 팀이 있어요.',
    alreadyInChallengeTeam: '이미 참여 중인 챌린지 팀이 있어요.',
    notInvitePeriod: '지금은 팀원을 초대하는 기간이 아니에요.',
    capacityExceeded: '최대 참여 인원을 넘어 더 이상 초대할 수 없어요.',
    alreadyMember: '이미 가입한 팀이에요.',
  },

  terms: {
    versionLabel: '버전',
    versionOption: (version: string, effectiveDate: string) => `${version} (${effectiveDate} 시행)`,
    effectiveFrom: (effectiveDate: string) => `${effectiveDate}부터 시행`,
  },

  welcome: {
    leaving: '함께미션 소개 페이지로 이동하고 있어요.',
    goNow: '바로 이동하기',
  },

  /** Dev-only stand-ins when the server did not inline window.__APP_CONFIG__ (shared/config.ts). */
  configFallback: {
    companyName: '(주)함께미션',
    ceo: '홍길동',
    address: '서울특별시 강남구 테헤란로 123, 4층',
  },
} as const;

export type PageTitleKey = keyof typeof messages.pages;
export type InviteRejectionReason = Exclude<keyof typeof messages.invite, 'title'>;
