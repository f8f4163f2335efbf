import { rewardHistoryEndpoint, rewardNoticeEndpoint } from '@hamkke/contract/reward/rewards';
import { teamDetailWithRewardEndpoint } from '@hamkke/contract/team/team-read';
import {
  achievedBadgeCountEndpoint,
  achievedBadgesEndpoint,
  activityBadgesEndpoint,
  badgeStatusEndpoint,
  firstBadgeEndpoint,
  newBadgesEndpoint,
} from '@hamkke/contract/user/badges';
import { activityTimelineEndpoint } from '@hamkke/contract/user/timeline';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { BadgesService } from './badges.service.ts';
import type { RewardsService } from './rewards.service.ts';

export function registerRewardRoutes(
  app: FastifyInstance,
  deps: { badges: BadgesService; rewards: RewardsService },
): void {
  const { badges, rewards } = deps;
  /** The caller, or a child of the caller named by `userId`. */
  const person = (userId: number, body: { userId?: number | undefined }) =>
    rewards.personOf(userId, body.userId);

  registerEndpoint(app, achievedBadgesEndpoint, async ({ session, body }) =>
    badges.achieved(await person(session.userId, body)),
  );
  registerEndpoint(app, achievedBadgeCountEndpoint, async ({ session, body }) =>
    badges.count(await person(session.userId, body)),
  );
  registerEndpoint(app, badgeStatusEndpoint, async ({ session, body }) =>
    badges.status(await person(session.userId, body)),
  );
  registerEndpoint(app, newBadgesEndpoint, ({ session, body }) =>
    badges.newBadges(session.userId, body.seen),
  );
  registerEndpoint(app, firstBadgeEndpoint, async ({ session, body }) =>
    badges.first(await person(session.userId, body)),
  );
  registerEndpoint(app, activityBadgesEndpoint, async ({ session, body }) =>
    badges.activity(await person(session.userId, body)),
  );
  // The spec's client reads `data` (§7, decision 002): the page of items is under it.
  registerEndpoint(app, activityTimelineEndpoint, async ({ session, body }) => {
    const page = await rewards.timeline(await person(session.userId, body), body);
    return { data: page.items, hasMore: page.hasMore };
  });
  registerEndpoint(app, rewardHistoryEndpoint, ({ session, body }) => rewards.history(session.userId, body));
  registerEndpoint(app, rewardNoticeEndpoint, ({ session }) => rewards.rewardNotice(session.userId));
  registerEndpoint(app, teamDetailWithRewardEndpoint, ({ team }) => rewards.teamWithReward(team));
}
