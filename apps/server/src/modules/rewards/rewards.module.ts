import { defineModule, type CoreDeps } from '../app-module.ts';
import type { RoundResultsService } from '../teams/round-results.service.ts';
import type { TeamsService } from '../teams/teams.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createBadgeRulesAdminService } from './badge-rules-admin.service.ts';
import { createBadgesService } from './badges.service.ts';
import { createRewardLedgerService } from './reward-ledger.service.ts';
import { createEarnedService } from './earned.service.ts';
import { createRoundCloseService } from './round-close.service.ts';
import { registerRewardsConsole } from './rewards.console.ts';
import { registerRewardRoutes } from './rewards.routes.ts';
import { createRewardsService } from './rewards.service.ts';

interface RewardsNeeds {
  users: UsersService;
  teams: TeamsService;
  roundResults: RoundResultsService;
}

function buildRewardsServices(deps: CoreDeps & RewardsNeeds) {
  const badges = createBadgesService({ db: deps.db, clock: deps.clock });
  // Badges are earned in the transaction of what earns them.
  deps.events.on('certified', (trx, event) =>
    badges
      .evaluate(trx, event.userId, ['FIRST_CERTIFICATION', 'CERTIFICATION_COUNT', 'STREAK'], event.createdAt)
      .then(() => undefined),
  );
  deps.events.on('teamJoined', async (trx, event) => {
    await badges.evaluateMany(trx, { userIds: event.userIds }, ['FIRST_TEAM'], event.at);
    if (event.invitedBy !== null && !event.userIds.includes(event.invitedBy)) {
      await badges.evaluate(trx, event.invitedBy, ['FIRST_INVITE_ACCEPTED'], event.at);
    }
  });
  return {
    badges,
    rewards: createRewardsService(deps),
    /** Badges and rewards of people as support looks them up (the console). */
    earned: createEarnedService({ db: deps.db }),
    roundClose: createRoundCloseService({
      db: deps.db,
      clock: deps.clock,
      roundResults: deps.roundResults,
      badges,
      events: deps.events,
    }),
    // What the console does to badge rules and the ledger (rewards.console.ts audits each change in its transaction).
    badgeRulesAdmin: createBadgeRulesAdminService({ db: deps.db }),
    rewardLedger: createRewardLedgerService({ db: deps.db, clock: deps.clock, events: deps.events }),
  };
}

/** Badges, streaks and the timeline; a round's close (medals, the reward ledger); reward reads. */
export const rewardsModule = defineModule<ReturnType<typeof buildRewardsServices>, RewardsNeeds>({
  name: 'rewards',
  needs: ['users', 'teams', 'roundResults'],
  services: buildRewardsServices,
  routes: (app, { services, console, clock }) => {
    registerRewardRoutes(app, services);
    registerRewardsConsole(app, console, clock, services);
  },
});
