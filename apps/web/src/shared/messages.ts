import type { ErrorCode } from '@hamkke/contract/envelope';
import {
  authMessages,
  agreementMessages,
  childrenLoginMessages,
  childLinkMessages,
} from './messages/auth.ts';

/**
 * Every Korean sentence the web app shows, in one place (해요체, short and polite): this file holds
 * what the frame of every page needs; each domain's sentences are imported from their part in
 * `messages/` by the pages that show them, so they load with those pages, not with the first load.
 * No other file under src may hold Korean text; messages.test.ts checks it.
 */

/** Error codes the client adds to the contract's: the request never got a usable answer. */
export type ClientErrorCode = 'NETWORK' | 'INVALID_RESPONSE';

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
  ACCOUNT_SUSPENDED: '이용이 정지된 계정이에요. 고객센터로 문의해 주세요.',
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
    termsOfUse: '이용약관',
    privacyPolicy: '개인정보 처리방침',
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
    myBadges: '내 배지',
    myChildren: '자녀 관리',
    myChildInfo: '자녀 정보',
    myId: '아이디 변경',
    myPassword: '비밀번호 변경',
    myChildNotice: '내 사진과 기록 지키기',
  },

  /** Count units of the header (spec §5). */
  units: {
    tenThousand: '만',
    thousand: '천',
  },

  /** Korean dates as Intl.DateTimeFormat('ko-KR') writes them (shared/format/date.ts). */
  dates: {
    weekdays: ['일', '월', '화', '수', '목', '금', '토'],
    shortDay: (month: number, day: number, weekday: string) => `${month}월 ${day}일 (${weekday})`,
    fullDay: (year: number, month: number, day: number) => `${year}년 ${month}월 ${day}일`,
    longDay: (month: number, day: number, weekday: string) => `${month}월 ${day}일 ${weekday}요일`,
    month: (year: number, month: number) => `${year}년 ${month}월`,
    dayPeriods: ['오전', '오후'],
  },

  common: {
    back: '뒤로 가기',
    goHome: '홈으로 가기',
    retry: '다시 시도',
    close: '닫기',
    confirm: '확인',
    loading: '불러오는 중이에요',
    /** The toast region's name for screen readers (Base UI's default is English). */
    notifications: '알림',
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
    notFound: '주소가 바뀌었거나 없어진 페이지예요.',
    unexpected: '잠시 후 다시 시도해 주세요. 문제가 계속되면 고객센터로 알려 주세요.',
    noPrivacyPolicy: '아직 등록된 개인정보 처리방침이 없어요.',
  },

  errors: {
    codes: errorCodeMessages,
    unknown: '알 수 없는 오류가 발생했어요.',
    /** The error screen's small print, for a support call to find the request's log lines. */
    requestId: (id: string) => `문의 시 알려 주세요: 요청 번호 ${id}`,
  },

  auth: authMessages,
  agreement: agreementMessages,
  childrenLogin: childrenLoginMessages,
  childLink: childLinkMessages,

  /**
   * Why a team invite link cannot be accepted (spec §4, §8's five, plus a team whose manager closed
   * recruiting), written for the person who tapped the link: what happened and what they can do.
   */
  invite: {
    title: '팀 초대',
    alreadyInAlwaysTeam: '이미 다른 상시 팀에 참여하고 있어요. 상시 팀은 한 팀에만 참여할 수 있어요.',
    alreadyInChallengeTeam:
      '이 기수에 이미 다른 챌린지 팀에 참여하고 있어요. 한 기수에는 한 팀에만 참여할 수 있어요.',
    notInvitePeriod:
      '지금은 이 팀에 들어갈 수 있는 기간이 아니에요. 팀원 모집 기간에 다시 팀 초대 링크를 열어 주세요.',
    recruitingClosed: '이 팀은 지금 팀원을 모집하지 않아요. 팀장에게 모집을 다시 열어 달라고 말해 보세요.',
    capacityExceeded: '이 팀은 자리가 다 찼어요. 다른 팀에 참여하거나 직접 팀을 만들어 보세요.',
    alreadyMember: '이미 이 팀의 팀원이에요. 마이팀에서 팀을 볼 수 있어요.',
    teamNotFound: '이 팀 초대 링크로는 팀을 찾을 수 없어요. 링크를 보낸 분께 새 링크를 받아 주세요.',
  },

  /** A pin gate (spec §5) explains itself on the page it sent the person to (shared/lib/pin-gate.ts). */
  pinGate: {
    title: {
      team: '팀을 만들려면 회원 인증이 필요해요',
      children: '자녀 계정을 만들려면 회원 인증이 필요해요',
    },
    body: {
      team: '회원증에 적힌 회원번호로 한 번만 인증하면 팀을 만들고 가족을 초대할 수 있어요.',
      children: '회원증에 적힌 회원번호로 한 번만 인증하면 자녀 계정을 만들고 관리할 수 있어요.',
    },
    child: {
      team: '팀은 보호자가 만들어요. 부모님께 팀을 만들어 달라고 부탁해 주세요.',
      children: '자녀 계정은 보호자가 관리해요. 부모님께 부탁해 주세요.',
    },
    verify: '회원 인증하러 가기',
    dismiss: '안내 닫기',
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
