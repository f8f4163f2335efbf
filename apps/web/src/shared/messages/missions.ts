/** Part of the message catalog (shared/messages.ts): missions. */

/** Today's missions on /home. */
export const homeMessages = {
  browseChallenges: '챌린지 둘러보기',
  greeting: (name: string) => (name ? `${name}님, 오늘의 미션이에요` : '오늘의 미션이에요'),
  subtitle: '미션을 하고 사진이나 글로 인증해 보세요.',
  // No missions today (issue 45 item 9): the title says so, the line under it what brings missions.
  emptyTitle: (name: string) => (name ? `${name}님, 오늘은 할 미션이 없어요` : '오늘은 할 미션이 없어요'),
  emptySubtitle: '챌린지 팀에 참여하면 챌린지가 시작하는 날부터 여기에 미션이 생겨요.',
  emptySubtitleChild: '보호자와 함께 챌린지 팀에 참여하면 챌린지가 시작하는 날부터 여기에 미션이 생겨요.',
  noMissions: '모집 중인 챌린지를 둘러보고 가족과 함께 시작해 보세요.',
  progressTitle: '오늘의 진행',
  invitations: (count: number) => `팀 초대가 ${count}개 와 있어요`,
  progressLine: (group: string, certified: number, total: number) =>
    `${group} 미션 ${total}개 중 ${certified}개를 인증했어요.`,
  allDone: '오늘의 미션을 모두 인증했어요!',
  // The all-done moment: a dialog right after the certification that finished the day.
  allDoneTitle: '오늘 미션을 모두 마쳤어요',
  allDoneStreakLabel: '연속 인증',
  allDoneStreakUnit: '일째',
  allDoneStreak: (days: number) => `${days}일째 연속으로 인증하고 있어요.`,
  allDoneBody: '오늘도 가족과 함께 해냈어요. 내일도 이어 가요!',
  allDoneBadges: '오늘 새로 얻은 배지',
};

/** A mission as a card: its proof type, its group and its certified state. */
export const missionMessages = {
  proofType: { PHOTO: '사진 인증', TEXT: '글 인증', PHOTO_TEXT: '사진+글 인증' },
  group: { challenge: '챌린지 미션', always: '상시 미션' },
  groupShort: { challenge: '챌린지', always: '상시' },
  certified: '인증 완료',
  /** A certification kept on this device until the connection returns (decision 048). */
  queued: '보내는 중 · 연결되면 보낼게요',
  certify: '인증하기',
  view: '보기',
  viewCertification: (title: string) => `${title} 인증 보기`,
};

/** The certify sheet: photos, text and the answers of home/mission-certification. */
export const certifyMessages = {
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
  /** When the mission has no example of its own. */
  textPlaceholder: '예: 가족과 함께 해 보니 이런 점이 좋았어요.',
  draftRestored: '쓰던 내용을 불러왔어요. 이어서 써 보세요.',
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
export const uploadMessages = {
  tooLarge: '사진이 너무 커요. 10MB 이하의 사진을 골라 주세요.',
  unsupported: '올릴 수 없는 파일이에요. JPG, PNG, WebP, HEIC 사진을 골라 주세요.',
  timeout: '사진을 올리는 데 너무 오래 걸렸어요. 연결을 확인하고 다시 시도해 주세요.',
  network: '사진을 올리지 못했어요. 연결을 확인하고 다시 시도해 주세요.',
};

/** Photos in fixed boxes and their full view. */
export const photoMessages = {
  open: (subject: string, index: number, count: number) => `${subject} 사진 ${index}/${count} 크게 보기`,
  alt: (subject: string, index: number, count: number) => `${subject} 사진 ${index}/${count}`,
  position: (index: number, count: number) => `${index} / ${count}`,
  previous: '이전 사진',
  next: '다음 사진',
};

/** A certification shown on its own: detail sheet, calendar day, shared page. */
export const certificationMessages = {
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
export const shareMessages = {
  action: '공유하기',
  title: '함께미션 인증',
  text: (day: string) => `${day}의 미션 인증을 확인해 보세요.`,
  /** Only the mission's challenge of that day (`/challenge/shared/…`). */
  challengeAction: '이 챌린지 인증만 공유',
  challengeText: (challenge: string, day: string) => `${challenge}, ${day}의 인증을 확인해 보세요.`,
  copied: '링크를 복사했어요',
  failed: '링크를 공유하지 못했어요. 잠시 후 다시 시도해 주세요.',
};

/** The shared pages, seen without login. */
export const sharedMessages = {
  intro: (alias: string, day: string) => `${alias}님의 ${day} 인증이에요.`,
  count: (count: number) => `인증 ${count}개`,
  emptyDay: '이 날 공유된 인증이 아직 없어요.',
  notFound: '공유된 인증을 찾을 수 없어요',
  notFoundBody: '링크가 바뀌었거나 인증이 삭제되었을 수 있어요.',
  ctaTitle: '우리 가족도 함께해 볼까요?',
  ctaBody: '하루 한 가지 미션을 가족과 함께 인증해요.',
  cta: '함께미션 시작하기',
};
