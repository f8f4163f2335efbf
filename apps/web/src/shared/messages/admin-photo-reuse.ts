/** The console's words for the reused-photo queue (Korean; only the console imports it; decision 069). */
export const adminPhotoReuseMessages = {
  nav: '사진 재사용 검토',
  heading: '같은 사진으로 한 인증',
  statusLabel: '상태',
  statuses: { OPEN: '검토 대기', VOIDED: '무효 처리', DISMISSED: '문제 없음' },
  scopes: {
    SAME_FAMILY: '같은 가족의 다른 날 사진과 같아요',
    OTHER_FAMILY: '다른 가족의 사진과 같아요',
  },
  empty: '검토할 인증이 없어요.',
  total: (count: string) => `${count}건`,
  distance: (bits: number) => `차이 ${bits}비트 (0이면 같은 사진)`,
  flagged: '이번 인증',
  matched: '먼저 올라온 인증',
  photo: (alias: string, date: string) => `${alias}의 ${date} 인증 사진`,
  noPhoto: '사진이 지워졌어요',
  author: (alias: string, title: string, date: string) => `${alias} · ${title} · ${date}`,
  counting: '지금은 집계에 들어가요. 무효 처리하면 점수·배지·보상 집계에서 빠져요.',
  hiddenNow: (reason: string) => `숨김 · ${reason}`,
  void: '무효 처리',
  dismiss: '문제 없음',
  confirmVoid: (alias: string) => `${alias}의 인증을 무효 처리할까요?`,
  confirmVoidDescription:
    '점수, 배지 진행, 라운드 마감의 완주·보상 집계에서 빠지고, 작성자에게 사유가 알려져요.',
  done: {
    VOIDED: '무효 처리했어요. 작성자에게 알렸고 감사 기록에 남았어요.',
    DISMISSED: '문제 없음으로 닫았어요. 감사 기록에 남았어요.',
  },
};
