/** Part of the message catalog (shared/messages.ts): content. */

/** Notices (/home/notice, /home/notice-detail). */
export const noticeMessages = {
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
export const popupMessages = {
  more: '자세히 보기',
  newWindow: '(새 창)',
  hideToday: '오늘 하루 보지 않기',
};

/** FAQ and service information (/my/faq, /my/serviceinfo). */
export const helpMessages = {
  faqEmpty: '아직 등록된 질문이 없어요.',
  updatedAt: (date: string) => `${date} 업데이트`,
};
