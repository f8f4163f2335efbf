import type { AdminDashboardDay, AdminDashboardRound } from '@hamkke/contract/admin/dashboard';
import { DASHBOARD_DAYS } from '@hamkke/contract/admin/dashboard';
import { roundState, type RoundState } from '@hamkke/contract/challenge/round';
import { addDays, seoulDayEnd, seoulDayStart } from '@hamkke/contract/dates';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import type { CertificationOversightService } from '../missions/certification-oversight.service.ts';
import type { RoundMissionsService } from '../missions/round-missions.service.ts';
import type { RoundFiguresService } from '../teams/round-figures.service.ts';
import { epochDay } from '../teams/team-view.ts';
import type { UsersService } from '../users/users.service.ts';

const stateOrder: Record<RoundState, number> = { running: 0, recruiting: 1, upcoming: 2, ended: 3 };

/**
 * 대시보드: today's and the last 30 Seoul days' figures, and every round still in view. Read-only,
 * any operator; every figure is its owner's, from grouped queries (no row is read one by one):
 * certifications per day (missions), sign-ups per day (users), rounds' teams and members and the
 * members' certifications (teams), missions per round (missions). This service only puts them
 * together.
 */
export function createAdminDashboardService(deps: {
  clock: Clock;
  users: UsersService;
  certificationOversight: CertificationOversightService;
  roundMissions: RoundMissionsService;
  roundFigures: RoundFiguresService;
}) {
  const { users, certificationOversight, roundMissions, roundFigures } = deps;
  return {
    async summary() {
      const today = seoulToday(deps.clock);
      const from = addDays(today, -(DASHBOARD_DAYS - 1));
      const window = Array.from({ length: DASHBOARD_DAYS }, (_, index) => addDays(from, index));
      const [certified, activeFamilies, signUps, figures] = await Promise.all([
        certificationOversight.perDay(from, today),
        certificationOversight.familiesBetween(from, today),
        users.parentSignUpsPerDay(
          window.map((day) => ({
            day,
            fromAt: seoulDayStart(day).toISOString(),
            toAt: seoulDayEnd(day).toISOString(),
          })),
        ),
        roundFigures.roundsSince(from),
      ]);
      const [missionCounts, histogram] = await Promise.all([
        roundMissions.countsOfRounds(figures.map((row) => row.id)),
        roundFigures.certificationHistogram(
          figures.filter((row) => row.challenge_type === 'challenge').map((row) => row.id),
        ),
      ]);
      const missionsOf = new Map(missionCounts.map((row) => [row.subChallengeId, row.missions]));
      const rounds = figures.map((row) => ({ ...row, mission_count: missionsOf.get(row.id) ?? 0 }));
      const certifiedOn = new Map(certified.map((row) => [row.day, row]));
      const signedUpOn = new Map(signUps.map((row) => [row.day, row.signUps]));
      const days: AdminDashboardDay[] = window.map((day) => ({
        day,
        certifications: certifiedOn.get(day)?.certifications ?? 0,
        signUps: signedUpOn.get(day) ?? 0,
        activeFamilies: certifiedOn.get(day)?.families ?? 0,
      }));

      const out: (AdminDashboardRound & { order: number })[] = rounds.map((row) => {
        const state = roundState(
          {
            recruitStart: row.recruit_start,
            recruitEnd: row.recruit_end,
            startDate: row.start_date,
            endDate: row.end_date,
          },
          today,
        );
        // The team ranking's "possible": missions × (members × (last day + 1) − Σ first days).
        const lastDay = row.end_date !== null && row.end_date < today ? row.end_date : today;
        const possible = Math.max(
          0,
          row.mission_count * (row.members * (epochDay(lastDay) + 1) - row.member_days_base),
        );
        let onTrack: number | null = null;
        if (row.challenge_type === 'challenge') {
          // Every member of a challenge round counts from its start: one "possible" for all.
          const days = lastDay < row.start_date ? 0 : epochDay(lastDay) - epochDay(row.start_date) + 1;
          const perMember = days * row.mission_count;
          onTrack =
            perMember === 0
              ? null
              : histogram
                  .filter(
                    (bar) =>
                      bar.subChallengeId === row.id &&
                      bar.certified * 100 >= row.reward_threshold_pct * perMember,
                  )
                  .reduce((sum, bar) => sum + bar.members, 0);
        }
        return {
          subChallengeId: String(row.id),
          challengeTitle: row.challenge_title,
          roundTitle: row.title,
          challengeType: row.challenge_type,
          state,
          startDate: row.start_date,
          endDate: row.end_date,
          teams: row.teams,
          members: row.members,
          certified: row.certified,
          possible,
          completionRate: possible > 0 ? Math.min(1, row.certified / possible) : null,
          rewardThresholdPct: row.reward_threshold_pct,
          onTrack,
          order: stateOrder[state],
        };
      });
      out.sort(
        (a, b) =>
          a.order - b.order ||
          b.startDate.localeCompare(a.startDate) ||
          Number(b.subChallengeId) - Number(a.subChallengeId),
      );
      return { today, days, activeFamilies, rounds: out.map(({ order: _order, ...round }) => round) };
    },
  };
}
export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;
