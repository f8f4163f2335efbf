/** The console's words for the dashboard (Korean; only the console imports it). */
export const adminDashboardMessages = {
  heading: '대시보드',
  asOf: (day: string) => `${day} 기준 (서울 날짜), 최근 30일`,
  today: '오늘',
  last30Labels: { certifications: '30일 합계', signUps: '30일 합계', activeFamilies: '30일 동안' },
  figures: {
    certifications: '인증',
    signUps: '가입 (부모)',
    activeFamilies: '활동 가족',
  },
  figureHints: {
    certifications: '그날의 미션 인증 수',
    signUps: '카카오로 가입한 부모 계정 수 (자녀 계정 제외)',
    activeFamilies: '한 번이라도 인증한 가족 수, 가족마다 한 번만 세요 (자녀는 부모의 가족)',
  },
  activityChart: '일별 인증과 활동 가족',
  activitySummary: (certifications: number, families: number, peakDay: string, peak: number) =>
    `최근 30일 인증 ${certifications}건, 하루 활동 가족 최대 ${families}가족. 인증이 가장 많은 날은 ${peakDay} (${peak}건).`,
  signUpChart: '일별 가입',
  signUpSummary: (total: number, today: number) => `최근 30일 가입 ${total}명, 오늘 ${today}명.`,
  showTable: '표로 보기',
  dayColumn: '날짜',
  roundsHeading: '기수별 팀과 완료율',
  roundsNote:
    '완료율 = 기수 팀원들이 한 인증 ÷ 지금까지 할 수 있었던 인증 (미션 수 × 각자 참여한 날 수, 팀 순위와 같은 계산). 보상 기준 도달 = 지금 끝난다면 보상을 받을 팀원 수 (각자의 완료율이 기수의 보상 기준 이상).',
  teamsChart: '기수별 팀 수',
  teamsSummary: (rounds: number, teams: number) => `보이는 기수 ${rounds}개, 팀 ${teams}개.`,
  rateChart: '기수별 완료율 (%)',
  rateSummary: (parts: string) => `기수별 완료율: ${parts}.`,
  noRate: '아직 없음',
  noRounds: '최근 30일에 진행 중이거나 끝난 기수가 없어요.',
  columns: {
    round: '챌린지 · 기수',
    state: '상태',
    period: '진행 기간',
    teams: '팀',
    members: '팀원',
    certified: '인증 / 가능',
    rate: '완료율',
    onTrack: '보상 기준 도달',
  },
  states: { upcoming: '예정', recruiting: '모집 중', running: '진행 중', ended: '종료' } as Record<
    string,
    string
  >,
  endless: '계속',
  percent: (rate: number) => `${(rate * 100).toFixed(1)}%`,
  onTrack: (count: number, members: number, pct: number) => `${count} / ${members}명 (기준 ${pct}%)`,
  always: '상시 (보상 없음)',
};
