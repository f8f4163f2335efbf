import type { TeamDetail } from '@hamkke/contract/team/team-read';
import { AppError } from '../../lib/app-error.ts';
import type { TeamAccess } from '../../plugins/team-access.ts';
import { clockTools, type TeamsDeps } from './context.ts';
import { toMissions } from './rounds.service.ts';
import {
  daysOf,
  groupFamilies,
  rankMembers,
  scoringWindow,
  stateOf,
  toSummary,
  type MemberScore,
} from './team-view.ts';
import {
  countCertifications,
  countCertificationsPerDay,
  countCertificationsPerTeam,
  findMembers,
  findMissionsOfRounds,
  findTeam,
  findTeamsOfRounds,
  findTeamsOfUser,
  type TeamRow,
} from './teams.repository.ts';

/** What a member reads about their team: detail, members and families with scores, rankings, days. */
export function createTeamsService(deps: TeamsDeps) {
  const { db } = deps;
  const { today } = clockTools(deps.clock);

  async function teamOrThrow(teamId: number): Promise<TeamRow> {
    const team = await findTeam(db, teamId);
    if (!team) throw new AppError('NOT_FOUND', 'No such team');
    return team;
  }

  /** Members one by one, ranked, with today's certifications. */
  async function scoredMembers(team: TeamRow, meId: number) {
    const day = today();
    const members = await findMembers(db, team.id);
    const userIds = members.map((member) => member.user_id);
    const window = scoringWindow(team, day);
    const missions = await findMissionsOfRounds(db, [team.sub_challenge_id]);
    const running = stateOf(team, day) === 'running';
    const [scores, todays] = await Promise.all([
      window ? countCertifications(db, { userIds, subChallengeId: team.sub_challenge_id, ...window }) : [],
      running
        ? countCertifications(db, { userIds, subChallengeId: team.sub_challenge_id, from: day, to: day })
        : [],
    ]);
    const scoreMap = new Map<number, MemberScore>(
      scores.map((row) => [
        row.user_id,
        { count: Number(row.count), lastAt: row.last_at ? String(row.last_at) : null },
      ]),
    );
    const todayMap = new Map(todays.map((row) => [row.user_id, Number(row.count)]));
    const ranked = rankMembers(members, scoreMap, todayMap, {
      meId,
      todayMissionCount: running ? missions.length : 0,
    });
    return { members, ranked, missions, window, running };
  }

  async function detail(access: TeamAccess): Promise<TeamDetail> {
    const team = await teamOrThrow(access.teamId);
    const day = today();
    const { members, ranked, missions, window, running } = await scoredMembers(team, access.userId);
    const me = members.find((member) => member.user_id === access.userId)!;
    const meFamily = String(me.family_user_id);
    const todayCertified = ranked.reduce((sum, member) => sum + member.todayCertified, 0);
    const roundCertified = ranked.reduce((sum, member) => sum + member.certifications, 0);
    const locked = stateOf(team, day) === 'ended';
    return {
      team: toSummary(team, day),
      me: { teamMbrId: String(me.id), role: me.role, rewardNoticeDisplayYn: me.reward_notice_display_yn },
      missions: toMissions(missions, team.sub_challenge_id),
      families: groupFamilies(ranked, meFamily),
      progress: {
        today: { certified: todayCertified, possible: running ? missions.length * members.length : 0 },
        round: {
          certified: roundCertified,
          possible: window ? window.days * missions.length * members.length : 0,
        },
      },
      canManage: access.role === 'MANAGER' && !locked,
      canInvite: !locked && (access.role === 'MANAGER' || team.allow_member_invite === 1),
    };
  }

  return {
    teamOrThrow,
    scoredMembers,
    detail,

    /** `/team`: the caller's teams for a tab, starred ones first, then the newest. */
    async myTeams(userId: number, tab: 'in_progress' | 'ended') {
      const day = today();
      const rows = (await findTeamsOfUser(db, userId)).filter((row) =>
        tab === 'ended' ? stateOf(row, day) === 'ended' : stateOf(row, day) !== 'ended',
      );
      const missions = await findMissionsOfRounds(db, [...new Set(rows.map((row) => row.sub_challenge_id))]);
      const teams = [];
      for (const row of rows) {
        const running = stateOf(row, day) === 'running';
        const [todayScore] = running
          ? await countCertifications(db, {
              userIds: [userId],
              subChallengeId: row.sub_challenge_id,
              from: day,
              to: day,
            })
          : [];
        teams.push({
          ...toSummary(row, day),
          teamMbrId: String(row.team_mbr_id),
          role: row.role,
          favorite: row.favorite_team_id !== null,
          today: {
            certified: Number(todayScore?.count ?? 0),
            possible: running
              ? missions.filter((m) => m.sub_challenge_id === row.sub_challenge_id).length
              : 0,
          },
        });
      }
      teams.sort((a, b) => Number(b.favorite) - Number(a.favorite));
      return { tab, teams };
    },

    async alwaysInfo(access: TeamAccess) {
      const team = await teamOrThrow(access.teamId);
      const day = today();
      const { ranked } = await scoredMembers(team, access.userId);
      const created = new Date(team.created_at);
      return {
        team: toSummary(team, day),
        familyCount: new Set(ranked.map((member) => member.familyId)).size,
        runningDays: Math.max(
          1,
          Math.floor((Date.parse(`${day}T00:00:00+09:00`) - created.getTime()) / 86_400_000) + 1,
        ),
        totalCertifications: ranked.reduce((sum, member) => sum + member.certifications, 0),
      };
    },

    async withReward(access: TeamAccess) {
      const team = await teamOrThrow(access.teamId);
      const members = await findMembers(db, team.id);
      const me = members.find((member) => member.user_id === access.userId)!;
      return {
        team: toSummary(team, today()),
        me: { teamMbrId: String(me.id), role: me.role, rewardNoticeDisplayYn: me.reward_notice_display_yn },
        // Rewards are granted when a round closes; that arrives with the rewards issue.
        rewards: [],
      };
    },

    async members(access: TeamAccess) {
      const team = await teamOrThrow(access.teamId);
      const { ranked } = await scoredMembers(team, access.userId);
      return { team: toSummary(team, today()), members: ranked };
    },

    async families(access: TeamAccess) {
      const team = await teamOrThrow(access.teamId);
      const { ranked, members } = await scoredMembers(team, access.userId);
      const me = members.find((member) => member.user_id === access.userId);
      return {
        team: toSummary(team, today()),
        families: groupFamilies(ranked, me ? String(me.family_user_id) : null),
      };
    },

    /** 팀 순위: 지금까지 가능한 인증 대비 한 인증의 비율, 같으면 인원이 많은 팀, 그다음 먼저 만든 팀. */
    async teamRanks(access: TeamAccess) {
      const team = await teamOrThrow(access.teamId);
      const day = today();
      const teams = await findTeamsOfRounds(db, [team.sub_challenge_id]);
      const missions = await findMissionsOfRounds(db, [team.sub_challenge_id]);
      const window = scoringWindow(team, day);
      const counts =
        window && team.challenge_type === 'challenge'
          ? await countCertificationsPerTeam(db, { subChallengeId: team.sub_challenge_id, ...window })
          : [];
      const rated = [];
      for (const other of teams) {
        let certified = 0;
        let possible = 0;
        if (team.challenge_type === 'challenge') {
          certified = Number(counts.find((row) => row.team_id === other.id)?.count ?? 0);
          possible = window ? window.days * missions.length * other.member_count : 0;
        } else {
          // Always teams started on different days: each over its own window.
          const own = scoringWindow(other, day);
          if (own) {
            const [row] = await countCertificationsPerTeam(db, {
              subChallengeId: team.sub_challenge_id,
              ...own,
            }).then((rows) => rows.filter((entry) => entry.team_id === other.id));
            certified = Number(row?.count ?? 0);
            possible = own.days * missions.length * other.member_count;
          }
        }
        rated.push({ team: other, rate: possible > 0 ? Math.min(1, certified / possible) : 0 });
      }
      rated.sort(
        (a, b) =>
          b.rate - a.rate ||
          b.team.member_count - a.team.member_count ||
          a.team.created_at.localeCompare(b.team.created_at) ||
          a.team.id - b.team.id,
      );
      return {
        subChallengeId: String(team.sub_challenge_id),
        teams: rated.map((entry, index) => ({
          teamId: String(entry.team.id),
          name: entry.team.name,
          emoji: entry.team.emoji,
          memberCount: entry.team.member_count,
          rate: Math.round(entry.rate * 1000) / 1000,
          rank: index + 1,
          isMine: entry.team.id === team.id,
        })),
      };
    },

    /** One member's certifications in this round, by day; only for people of the same team. */
    async memberDetail(access: TeamAccess, teamMbrId: number) {
      const team = await teamOrThrow(access.teamId);
      const { ranked } = await scoredMembers(team, access.userId);
      const member = ranked.find((entry) => entry.teamMbrId === String(teamMbrId));
      if (!member) throw new AppError('NOT_FOUND', 'No such member in this team');
      const window = scoringWindow(team, today());
      const certifications = window
        ? await deps.missions.certificationsInRound(Number(member.userId), {
            subChallengeId: team.sub_challenge_id,
            from: window.from,
            to: window.to,
          })
        : [];
      const days = new Map<string, typeof certifications>();
      for (const certification of certifications) {
        days.set(certification.date, [...(days.get(certification.date) ?? []), certification]);
      }
      return {
        team: toSummary(team, today()),
        member,
        days: [...days.entries()].map(([date, list]) => ({ date, certifications: list })),
      };
    },

    /** The round's days up to today (always teams: the last 30), with the team's certifications. */
    async dates(access: TeamAccess) {
      const team = await teamOrThrow(access.teamId);
      const day = today();
      const members = await findMembers(db, team.id);
      const missions = await findMissionsOfRounds(db, [team.sub_challenge_id]);
      const window = scoringWindow(team, day);
      const days = window ? daysOf(window, team.challenge_type === 'always' ? 30 : 400) : [];
      const counts = window
        ? await countCertificationsPerDay(db, {
            userIds: members.map((member) => member.user_id),
            subChallengeId: team.sub_challenge_id,
            from: days.at(-1) ?? window.from,
            to: window.to,
          })
        : [];
      return {
        today: day,
        startDate: team.start_date,
        endDate: team.end_date,
        days: days.map((date) => ({
          date,
          certified: Number(counts.find((row) => row.certified_on === date)?.count ?? 0),
          possible: missions.length * members.length,
        })),
      };
    },
  };
}
export type TeamsService = ReturnType<typeof createTeamsService>;
