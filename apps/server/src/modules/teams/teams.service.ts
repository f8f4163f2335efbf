import { seoulDayStart } from '@hamkke/contract/dates';
import type { InvitePreview } from '@hamkke/contract/team/team-join';
import type { TeamDetail } from '@hamkke/contract/team/team-read';
import { AppError } from '../../lib/app-error.ts';
import type { TeamAccess } from '../../plugins/team-access.ts';
import { clockTools, type TeamsDeps } from './context.ts';
import { toMissions } from './rounds.service.ts';
import { findRewardNoticeFlag } from './round-results.repository.ts';
import {
  groupFamilies,
  memberWindow,
  possibleOf,
  seatsLeft,
  rankMembers,
  stateOf,
  toSummary,
  type MemberScore,
} from './team-view.ts';
import {
  countOfPerson,
  findFrozenMemberRanks,
  findMembersWithDayCount,
  isRoundClosed,
} from './team-scores.repository.ts';
import {
  findMembers,
  findMembershipByPublicId,
  findMissionsOfRound,
  findMissionsOfRounds,
  findRounds,
  findTeam,
  findTeamByPublicId,
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

  /**
   * The team row each team call's access check read with the membership (one query, not two),
   * kept only while the request's access object lives: nothing is reused across requests.
   */
  const teamsOfAccess = new WeakMap<TeamAccess, TeamRow>();

  /** The caller's membership of the team with this public id (plugins/team-access.ts), or null. */
  async function membership(teamPublicId: string, userId: number): Promise<TeamAccess | null> {
    const found = await findMembershipByPublicId(db, teamPublicId, userId);
    if (!found) return null;
    const access: TeamAccess = {
      teamId: found.membership.team_id,
      teamPublicId,
      teamMbrId: found.membership.id,
      userId: found.membership.user_id,
      role: found.membership.role,
      subChallengeId: found.team.sub_challenge_id,
      challengeType: found.team.challenge_type,
    };
    teamsOfAccess.set(access, found.team);
    return access;
  }

  /** The team a checked call is about: the row its access check read, or read again. */
  async function teamOf(access: TeamAccess): Promise<TeamRow> {
    return teamsOfAccess.get(access) ?? teamOrThrow(access.teamId);
  }

  /** A closed round's frozen places in this team, or null while they are not frozen. */
  async function frozenPlaces(team: TeamRow, state: ReturnType<typeof stateOf>) {
    if (state !== 'ended' || !(await isRoundClosed(db, team.sub_challenge_id))) return null;
    return findFrozenMemberRanks(db, team.id);
  }

  /**
   * Members one by one, ranked by certifications in the round so far (always teams: since each
   * joined), with today's certifications and what the team could have certified so far.
   */
  async function scoredMembers(team: TeamRow, meId: number) {
    const day = today();
    const state = stateOf(team, day);
    const running = state === 'running';
    const [rows, missions, frozenRows] = await Promise.all([
      findMembersWithDayCount(db, team.id, day),
      findMissionsOfRound(db, team.sub_challenge_id),
      frozenPlaces(team, state),
    ]);
    const members = rows.map((row) => row.member);
    // The kept counters (updated with each certification) are the scores.
    const scoreMap = new Map<number, MemberScore>(
      members.map((member) => [member.user_id, { count: member.cert_count, lastAt: member.last_cert_at }]),
    );
    // Today's change only while the round runs.
    const todayMap = new Map(running ? rows.map((row) => [row.member.user_id, row.dayCount]) : []);
    const ranked = rankMembers(members, scoreMap, todayMap, {
      meId,
      todayMissionCount: running ? missions.length : 0,
      ...(frozenRows ? { frozen: new Map(frozenRows.map((row) => [row.user_id, row.rank])) } : {}),
    });
    const possible = possibleOf(
      team,
      members.map((member) => member.joined_at),
      missions.length,
      day,
    );
    return { members, ranked, missions, possible, running, closed: frozenRows !== null };
  }

  async function detail(access: TeamAccess): Promise<TeamDetail> {
    const team = await teamOf(access);
    const day = today();
    const { members, ranked, missions, possible, running, closed } = await scoredMembers(team, access.userId);
    const me = members.find((member) => member.user_id === access.userId)!;
    const meFamily = String(me.family_user_id);
    const todayCertified = ranked.reduce((sum, member) => sum + member.todayCertified, 0);
    const roundCertified = ranked.reduce((sum, member) => sum + member.certifications, 0);
    const locked = stateOf(team, day) === 'ended';
    return {
      team: toSummary(team, day),
      me: {
        teamMbrId: String(me.id),
        role: me.role,
        // Before a close the flag is as set; after it, as the close shows it (decision 055).
        rewardNoticeDisplayYn: closed
          ? ((await findRewardNoticeFlag(db, me.id)) ?? me.reward_notice_display_yn)
          : me.reward_notice_display_yn,
      },
      missions: toMissions(missions, team.sub_challenge_id),
      families: groupFamilies(ranked, meFamily),
      progress: {
        today: { certified: todayCertified, possible: running ? missions.length * members.length : 0 },
        round: { certified: roundCertified, possible },
      },
      canManage: access.role === 'MANAGER' && !locked,
      canInvite: !locked && (access.role === 'MANAGER' || team.allow_member_invite === 1),
    };
  }

  return {
    /**
     * What anyone holding the team's invite link may read (decision 022), signed in or not: the
     * accept screen, the logged-out login page and the link's preview (og: tags, share card). Never
     * members, children or internal ids. Rate limits are the caller's (the public endpoint's).
     */
    async readInvitePreview(teamPublicId: string): Promise<InvitePreview> {
      const team = await findTeamByPublicId(db, teamPublicId);
      if (!team) throw new AppError('NOT_FOUND', 'No such team');
      return {
        teamId: team.public_id,
        name: team.name,
        emoji: team.emoji,
        challengeType: team.challenge_type,
        challengeTitle: team.challenge_title,
        round: team.round_no,
        roundTitle: team.round_title,
        startDate: team.start_date,
        endDate: team.end_date,
        managerAlias: team.manager_alias,
        seatsLeft: seatsLeft(team),
      };
    },

    teamOrThrow,
    membership,
    teamOf,
    scoredMembers,
    detail,

    /** A team as its summary with the caller's membership in it and its round's reward rule. */
    async summary(teamId: number, userId: number) {
      const team = await teamOrThrow(teamId);
      const members = await findMembers(db, team.id);
      const me = members.find((member) => member.user_id === userId) ?? null;
      const [round] = await findRounds(db, { subChallengeId: team.sub_challenge_id });
      return {
        team: toSummary(team, today()),
        me: me && {
          teamMbrId: String(me.id),
          role: me.role,
          rewardNoticeDisplayYn: (await findRewardNoticeFlag(db, me.id)) ?? me.reward_notice_display_yn,
        },
        rewardThresholdPct: round?.reward_threshold_pct ?? 80,
      };
    },

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
        const todayCount = running
          ? await countOfPerson(db, {
              userId,
              subChallengeId: row.sub_challenge_id,
              from: day,
              to: day,
              since: null,
            })
          : 0;
        teams.push({
          ...toSummary(row, day),
          teamMbrId: String(row.team_mbr_id),
          role: row.role,
          favorite: row.favorite_team_id !== null,
          today: {
            certified: todayCount,
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
      const team = await teamOf(access);
      const day = today();
      const { ranked } = await scoredMembers(team, access.userId);
      const created = new Date(team.created_at);
      return {
        team: toSummary(team, day),
        familyCount: new Set(ranked.map((member) => member.familyId)).size,
        runningDays: Math.max(
          1,
          Math.floor((seoulDayStart(day).getTime() - created.getTime()) / 86_400_000) + 1,
        ),
        totalCertifications: ranked.reduce((sum, member) => sum + member.certifications, 0),
      };
    },

    async members(access: TeamAccess) {
      const team = await teamOf(access);
      const { ranked } = await scoredMembers(team, access.userId);
      return { team: toSummary(team, today()), members: ranked };
    },

    async families(access: TeamAccess) {
      const team = await teamOf(access);
      const { ranked, members } = await scoredMembers(team, access.userId);
      const me = members.find((member) => member.user_id === access.userId);
      return {
        team: toSummary(team, today()),
        families: groupFamilies(ranked, me ? String(me.family_user_id) : null),
      };
    },

    /** One member's certifications in this round, by day; only for people of the same team. */
    async memberDetail(access: TeamAccess, teamMbrId: number) {
      const team = await teamOf(access);
      const { ranked } = await scoredMembers(team, access.userId);
      const member = ranked.find((entry) => entry.teamMbrId === String(teamMbrId));
      if (!member) throw new AppError('NOT_FOUND', 'No such member in this team');
      const window = memberWindow(team, member.joinedAt, today());
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
  };
}
export type TeamsService = ReturnType<typeof createTeamsService>;
