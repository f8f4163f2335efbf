/** Part of the message catalog (shared/messages.ts): active. */

/** The month calendar of /active and /active/history. */
export const calendarMessages = {
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
export const activeMessages = {
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
