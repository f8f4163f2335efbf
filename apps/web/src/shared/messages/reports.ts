import type { ReportOutcome, ReportReason } from '@hamkke/contract/mission/report';

/**
 * Reporting a certification and what its author is told (decision 045). Imported by the views that
 * show them, not through the catalog: they are not needed in the app's first load.
 */
export const reportMessages = {
  button: '신고',
  buttonLabel: (missionTitle: string) => `${missionTitle} 인증 신고하기`,
  sheetTitle: '이 인증을 신고할까요?',
  sheetDescription: '신고한 사람은 작성자에게 알려지지 않아요. 운영자가 확인한 뒤 처리해요.',
  reasonLegend: '신고 사유',
  reasons: {
    INAPPROPRIATE_PHOTO: '부적절한 사진',
    PERSONAL_INFO: '개인정보 노출',
    SPAM: '광고/스팸',
    OTHER: '기타',
  } satisfies Record<ReportReason, string>,
  reasonHints: {
    INAPPROPRIATE_PHOTO: '아이에게 보여 주기 어려운 사진이에요',
    PERSONAL_INFO: '얼굴, 이름, 주소, 전화번호 같은 정보가 보여요',
    SPAM: '미션과 상관없는 홍보나 광고예요',
    OTHER: '그 밖의 이유를 적어 주세요',
  } satisfies Record<ReportReason, string>,
  noteLabel: '자세한 내용 (선택)',
  noteHint: '200자까지 적을 수 있어요.',
  submit: '신고하기',
  done: '신고했어요. 운영자가 확인할게요.',
  already: '이미 신고했어요.',
  /** On /home: what happened to one of the person's certifications. */
  noticeTitle: '신고 처리 결과',
  outcome: (outcome: ReportOutcome, missionTitle: string, day: string, reason: string | null) => {
    if (outcome === 'RESTORED') return `${day} ${missionTitle} 인증은 확인 결과 다시 보여요.`;
    if (outcome === 'UNDER_REVIEW')
      return `${day} ${missionTitle} 인증이 신고로 가려졌어요 — 운영자가 확인 중이에요.`;
    return `${day} ${missionTitle} 인증을 운영자가 숨겼어요. 사유: ${reason ?? ''}`;
  },
  acknowledge: '확인',
  acknowledgeLabel: (missionTitle: string) => `${missionTitle} 신고 처리 결과 확인`,
};
