import type { TimelineItem } from '@hamkke/contract/user/timeline';
import { formatRewardAmount, formatRewardState } from '@/shared/format/reward.ts';
import { rewardMessages as r } from '@/shared/messages/rewards.ts';

/**
 * A timeline row's icon and sentence. A team's medal and the person's own medal of the same round
 * read differently, so a round that gave both does not show the same line twice.
 */
export function describeTimelineItem(item: TimelineItem): { icon: string; text: string } {
  switch (item.kind) {
    case 'CERTIFICATION':
      return { icon: item.icon, text: r.timelineCertification(item.missionTitle) };
    case 'BADGE':
      return { icon: item.emoji, text: r.timelineBadge(item.badgeName) };
    case 'TEAM_JOIN':
      return { icon: item.teamEmoji, text: r.timelineTeamJoin(item.teamName) };
    case 'MEDAL':
      return {
        icon: r.medalEmoji[item.medal] ?? '',
        text: r.timelineMedal(item.teamName, r.medal[item.medal] ?? '', item.scope),
      };
    case 'REWARD':
      return { icon: '🎁', text: r.timelineReward(formatRewardAmount(item), formatRewardState(item)) };
  }
}
