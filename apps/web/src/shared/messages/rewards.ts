/** Part of the message catalog (shared/messages.ts): rankings' extras, badges, medals, rewards, timeline. */

import { josa, quotedJosa } from './josa.ts';

export const rewardMessages = {
  // Amounts and kinds.
  points: (amount: string) => `${amount}포인트`,
  megabytes: (amount: string) => `${amount}MB`,
  gift: (name: string, count: number) => (count > 1 ? `${name} ${count}개` : name),
  badgeReward: (name: string) => `배지 · ${name}`,
  kind: { PAID: '상품 보상', TRAFFIC: '데이터 보상', BADGES: '배지 보상' } as Record<string, string>,
  totalLabel: { POINT: '포인트', GIFT: '상품', MB: '데이터', BADGE: '배지' } as Record<string, string>,
  status: { PENDING: '지급 대기', PAID: '지급 완료', CANCELLED: '취소' } as Record<string, string>,
  /** A paid reward's state with the Seoul day it was paid: "지급 완료 · 12월 3일 (목)". */
  statePaid: (day: string) => `지급 완료 · ${day}`,
  medal: { GOLD: '금메달', SILVER: '은메달', BRONZE: '동메달' } as Record<string, string>,
  medalEmoji: { GOLD: '🥇', SILVER: '🥈', BRONZE: '🥉' } as Record<string, string>,
  rankChangeUp: (steps: number) => `오늘 ${steps}계단 올랐어요`,
  rankChangeDown: (steps: number) => `오늘 ${steps}계단 내려갔어요`,
  rankChangeSame: '오늘 순위 변동 없음',
  percent: (value: number) => `${value}%`,

  // Reward history (/my/rewardHistory).
  historyIntro: '챌린지를 완주하고 얻은 보상과 지급 상태예요. 자녀의 보상도 함께 보여요.',
  totalsTitle: '보상 합계',
  /** Under a total: how much of it is paid (the rest waits for its payout). */
  totalPaid: (what: string) => `${what} 지급 완료`,
  totalAllPaid: '모두 지급 완료',
  totalNonePaid: '지급 대기',
  listTitle: '보상 내역',
  medalsTitle: '받은 메달',
  whose: (alias: string, mine: boolean) => (mine ? `나 (${alias})` : alias),
  roundLine: (round: string, team: string) => `${round} · ${team}`,
  rateLine: (percent: number) => `완주율 ${percent}%`,
  empty: '아직 받은 보상이 없어요. 챌린지에 참여하고 80% 이상 인증해 보세요.',
  toChallenge: '챌린지 보러 가기',
  medalLine: (team: string, round: string) => `${team} · ${round}`,
  medalScope: (scope: string, rank: number, alias: string | null) =>
    scope === 'TEAM' ? `팀 ${rank}위` : `${alias ?? ''} 팀 안 ${rank}위`,

  // Popups.
  medalPopupTitle: (medal: string) => `${josa(medal, '을/를')} 받았어요`,
  medalPopupBody: (team: string, round: string, place: string) =>
    `${round}에서 ${josa(team, '이/가')} ${josa(place, '을/를')} 했어요.`,
  paidPopupTitle: '상품 보상',
  trafficPopupTitle: '데이터 보상',
  /** What the popup says of a reward: received only once paid (product.md, Trust). */
  rewardPopupBody: (what: string, round: string, status: string) =>
    status === 'PAID'
      ? `${round} 완주 보상으로 ${josa(what, '을/를')} 받았어요.`
      : status === 'CANCELLED'
        ? `${round} 완주 보상 ${josa(what, '은/는')} 취소됐어요.`
        : `${round} 완주 보상으로 ${josa(what, '을/를')} 받을 예정이에요.`,
  rewardPopupStatus: (status: string) => `지급 상태: ${status}`,
  rewardPopupPending: '보상은 기수가 끝난 뒤 차례로 지급돼요. 지급되면 알려 드리고 상태가 바뀌어요.',
  badgesPopupTitle: '새 배지를 얻었어요',
  /** Under the title (which already says a badge was earned): how many, and where to see them again. */
  badgesPopupIntro: (count: number) =>
    count > 1
      ? `이번에 ${count}개예요. 내 배지에서 모두 다시 볼 수 있어요.`
      : '내 배지에서 언제든 다시 볼 수 있어요.',
  tooltipTitle: '보상은 마이에서 볼 수 있어요',
  tooltipBody: '받은 메달과 보상, 지급 상태는 마이 > 보상 내역에서 언제든 다시 볼 수 있어요.',

  // The reward notice on /home.
  noticeLabel: '챌린지 결과',
  noticeTitle: (team: string) => `${team} 결과가 나왔어요`,
  noticeRound: (round: string) => `${josa(round, '이/가')} 끝났어요.`,
  noticeTeamRank: (rank: number) => `팀 ${rank}위`,
  noticeMyRank: (rank: number) => `팀 안에서 ${rank}위`,
  noticeRate: (percent: number) => `내 완주율 ${percent}%`,
  /**
   * The notice's line over its rewards (cancelled ones not counted): "받았어요" only for what is
   * paid; `family` when the list holds a child's too.
   */
  noticeRewards: (count: number, paid: number, family: boolean) => {
    const what = family ? `가족 보상 ${count}개` : `보상 ${count}개`;
    if (paid >= count) return `${josa(what, '을/를')} 받았어요`;
    if (paid === 0) return `${josa(what, '이/가')} 지급을 기다리고 있어요`;
    return `${what} 중 ${paid}개를 받았어요. 나머지는 지급 대기예요.`;
  },
  noticeRewardsCancelled: '이번 보상은 취소됐어요. 보상 내역에서 자세히 볼 수 있어요.',
  noticeNoReward: '이번에는 보상 기준(80%)에 닿지 못했어요. 다음 기수에 도전해 보세요!',
  noticeClose: '결과 안내 닫기',
  noticeHelp: '보상은 어디서 보나요?',
  noticeDetail: '결과 자세히 보기',

  // Badges (/my/badges).
  badgesTitle: '내 배지',
  badgesIntro: (count: number, total: number) => `배지 ${total}개 중 ${count}개를 얻었어요.`,
  badgeAchieved: (date: string) => `${date}에 얻었어요`,
  badgeProgress: (current: number, target: number) => `${current}/${target}`,
  badgeProgressLabel: (name: string) => `${name} 진행도`,
  badgeLocked: '아직 얻지 못했어요',
  myBadgesMenu: '내 배지',
  myBadgesCount: (count: number) => `${count}개`,

  // /active: streak and timeline.
  streakTitle: '연속 인증',
  streakCurrent: (days: number) => `${days}일 연속`,
  streakCurrentLabel: '현재',
  streakLongest: (days: number) => `최장 ${days}일`,
  streakZero: '오늘 인증하고 연속 기록을 시작해 보세요.',
  totalCertifications: (count: number) => `누적 인증 ${count}회`,
  badgeCount: (count: number, total: number) => `배지 ${count}/${total}`,
  recentBadges: '최근 얻은 배지',
  toBadges: '배지 모두 보기',
  timelineTitle: '활동 타임라인',
  timelineEmpty: '아직 활동이 없어요. 오늘의 미션을 인증해 보세요.',
  timelineCertification: (mission: string) => `${mission} 인증`,
  timelineBadge: (name: string) => `배지 ${quotedJosa(name, '을/를')} 얻었어요`,
  timelineTeamJoin: (team: string) => `${team}에 들어갔어요`,
  timelineMedal: (team: string, medal: string, scope: 'TEAM' | 'MEMBER') =>
    `${team}에서 ${scope === 'TEAM' ? '팀' : '개인'} ${josa(medal, '을/를')} 받았어요`,
  timelineReward: (what: string, state: string) => `보상 ${what} · ${state}`,

  // Team results (ended team detail).
  resultsTitle: '기수 결과',
  resultsPending: '기수가 끝났어요. 결과를 정리하는 중이에요.',
  resultsTeamRank: (rank: number, count: number) => `${count}팀 중 ${rank}위`,
  resultsRate: (percent: number, threshold: number) => `팀 완주율 ${percent}% (보상 기준 ${threshold}%)`,
  resultsMedals: '메달',
  resultsRewards: '나와 자녀의 보상',
  resultsNoRewards: '이 팀에서 받은 보상이 없어요.',
  totalTeams: (count: number) => `전체 ${count}팀`,
  finalRanking: '최종 순위예요.',
};
