import { addDays, seoulDay } from '@hamkke/contract/dates';
import { roundState, type RoundState } from '@hamkke/contract/challenge/round';
import { medalOf } from '@hamkke/contract/reward/rewards';
import type { FamilyGroup, TeamMember, TeamSummary } from '@hamkke/contract/team/team';
import { competitionPlaces } from '../../lib/ranking.ts';
import type { MemberRow, TeamRow } from './teams.repository.ts';

/** Pure rules that turn rows into what the contract sends: states, windows, ranks, families. */

export function slotKeyOf(challengeType: 'challenge' | 'always', subChallengeId: number): string {
  return challengeType === 'always' ? 'always' : `challenge:${subChallengeId}`;
}

export function stateOf(
  team: Pick<TeamRow, 'recruit_start' | 'recruit_end' | 'start_date' | 'end_date'>,
  today: string,
): RoundState {
  return roundState(
    {
      recruitStart: team.recruit_start,
      recruitEnd: team.recruit_end,
      startDate: team.start_date,
      endDate: team.end_date,
    },
    today,
  );
}

/** 챌린지 팀은 기수 모집 기간에, 상시 팀은 팀장이 모집을 닫기 전까지 가입할 수 있어요. */
export function signupOpen(team: TeamRow, today: string): boolean {
  if (team.challenge_type === 'always') return team.recruiting_open === 1 && stateOf(team, today) !== 'ended';
  return team.recruiting_open === 1 && stateOf(team, today) === 'recruiting';
}

/** Free seats: capacity less members and the seats pending direct invitations hold. */
export function seatsLeft(team: Pick<TeamRow, 'max_user' | 'member_count' | 'reserved_seats'>): number {
  return Math.max(0, team.max_user - team.member_count - team.reserved_seats);
}

export function toSummary(team: TeamRow, today: string): TeamSummary {
  const open = signupOpen(team, today);
  return {
    teamId: team.public_id,
    name: team.name,
    description: team.description,
    emoji: team.emoji,
    challengeType: team.challenge_type,
    challengeId: String(team.challenge_id),
    challengeTitle: team.challenge_title,
    subChallengeId: String(team.sub_challenge_id),
    roundTitle: team.round_title,
    roundState: stateOf(team, today),
    startDate: team.start_date,
    endDate: team.end_date,
    memberCount: team.member_count,
    maxUser: team.max_user,
    reservedSeats: team.reserved_seats,
    isPending: team.challenge_type === 'challenge' && open,
    isCompleted: team.challenge_type === 'always' && team.recruiting_open === 0,
    allowMemberInvite: team.allow_member_invite === 1,
    managerAlias: team.manager_alias,
    createdAt: team.created_at,
  };
}

/**
 * The days that count for a team's day strip and ranking: a challenge round from its start to its
 * end (or today); an always team from the day it was made to today. `null` before anything could
 * be certified.
 */
export function scoringWindow(
  team: TeamRow,
  today: string,
): { from: string; to: string; days: number } | null {
  return windowFrom(
    team.challenge_type === 'always'
      ? maxDay(team.start_date, seoulDay(new Date(team.created_at)))
      : team.start_date,
    team,
    today,
  );
}

/**
 * 한 사람의 점수 기간: 챌린지 기수는 시작일부터 (종료일과 오늘 중 이른 날까지), 상시 팀은 그 사람이
 * 들어온 날부터. Joining happens before a challenge round starts, so only always teams differ.
 */
export function memberWindow(
  team: Pick<TeamRow, 'challenge_type' | 'start_date' | 'end_date'>,
  joinedAt: string,
  today: string,
): { from: string; to: string; days: number } | null {
  return windowFrom(
    team.challenge_type === 'always'
      ? maxDay(team.start_date, seoulDay(new Date(joinedAt)))
      : team.start_date,
    team,
    today,
  );
}

/** Certifications a team's members could have made so far: Σ missions × the days each one was in. */
export function possibleOf(
  team: Pick<TeamRow, 'challenge_type' | 'start_date' | 'end_date'>,
  joinedAts: readonly string[],
  missionCount: number,
  today: string,
): number {
  return joinedAts.reduce(
    (sum, joinedAt) => sum + (memberWindow(team, joinedAt, today)?.days ?? 0) * missionCount,
    0,
  );
}

function windowFrom(
  from: string,
  team: Pick<TeamRow, 'end_date'>,
  today: string,
): { from: string; to: string; days: number } | null {
  const to = team.end_date !== null && team.end_date < today ? team.end_date : today;
  if (from > to) return null;
  return { from, to, days: daysBetween(from, to) + 1 };
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day: "possible" sums are kept as sums of these. */
export function epochDay(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

/** 점수는 챌린지 기수의 시작일부터, 상시 팀은 들어온 날(과 기수 시작일 중 늦은 날)부터 세요. */
export function firstScoringDay(slotKey: string, startDate: string, joinedAt: string): string {
  if (slotKey !== 'always') return startDate;
  const joined = seoulDay(new Date(joinedAt));
  return joined > startDate ? joined : startDate;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function maxDay(a: string, b: string): string {
  return a > b ? a : b;
}

/** Days of a window, newest first, at most `limit`. */
export function daysOf(window: { from: string; to: string }, limit: number): string[] {
  const days: string[] = [];
  for (let day = window.to; day >= window.from && days.length < limit; day = addDays(day, -1)) days.push(day);
  return days;
}

export interface MemberScore {
  count: number;
  /** When the last certification was made: who reached the count first ranks higher. */
  lastAt: string | null;
}

/** More certifications first; at equal counts, who reached the count first (earlier last one). */
export function byScore(a: MemberScore, b: MemberScore): number {
  return b.count - a.count || (a.lastAt ?? '').localeCompare(b.lastAt ?? '');
}

/** Members of one team in place order with their places (the frozen standings of a closing round). */
export function placeScores<T extends { score: MemberScore; order: number }>(entries: readonly T[]) {
  const sorted = [...entries].sort((a, b) => byScore(a.score, b.score) || a.order - b.order);
  const ranks = competitionPlaces(sorted, (a, b) => a.score.count === b.score.count);
  return sorted.map((entry, index) => ({ entry, rank: ranks[index]! }));
}

/**
 * 순위: 인증 수가 많은 순, 같으면 그 수에 먼저 도달한 사람이 위에 보여요 (product.md). Members without
 * certifications follow in join order. Equal counts share a place (1, 1, 3; decision 026). Today's change compares
 * with the places by the counts before today (ties there in join order). A closed round's places
 * are its frozen ones, with medals for places 1–3.
 */
export function rankMembers(
  members: readonly MemberRow[],
  scores: ReadonlyMap<number, MemberScore>,
  today: ReadonlyMap<number, number>,
  input: { meId: number; todayMissionCount: number; frozen?: ReadonlyMap<number, number> },
): TeamMember[] {
  const scored = members.map((member, order) => {
    const score = scores.get(member.user_id) ?? { count: 0, lastAt: null };
    const todayCount = today.get(member.user_id) ?? 0;
    return { member, order, score, before: Math.max(0, score.count - todayCount), todayCount };
  });
  const frozen = input.frozen;
  if (frozen) {
    scored.sort(
      (a, b) =>
        (frozen.get(a.member.user_id) ?? Infinity) - (frozen.get(b.member.user_id) ?? Infinity) ||
        a.order - b.order,
    );
  } else {
    scored.sort((a, b) => byScore(a.score, b.score) || a.order - b.order);
  }
  const now = frozen
    ? scored.map((entry) => frozen.get(entry.member.user_id) ?? scored.length)
    : competitionPlaces(scored, (a, b) => a.score.count === b.score.count);
  // Before today: the counts without today's; who got there first is known for those without one today.
  const beforeScore = (entry: (typeof scored)[number]): MemberScore => ({
    count: entry.before,
    lastAt: entry.todayCount === 0 ? entry.score.lastAt : '9999',
  });
  const byBefore = [...scored].sort((a, b) => byScore(beforeScore(a), beforeScore(b)) || a.order - b.order);
  const beforePlaces = competitionPlaces(byBefore, (a, b) => a.before === b.before);
  const before = new Map(byBefore.map((entry, index) => [entry.member.user_id, beforePlaces[index]!]));
  return scored.map((entry, index) => {
    const rank = now[index]!;
    return {
      teamMbrId: String(entry.member.id),
      userId: String(entry.member.user_id),
      alias: entry.member.alias,
      userType: entry.member.user_type,
      familyId: String(entry.member.family_user_id),
      role: entry.member.role,
      joinedAt: entry.member.joined_at,
      isMe: entry.member.user_id === input.meId,
      todayCertified: entry.todayCount,
      todayMissionCount: input.todayMissionCount,
      certifications: entry.score.count,
      rank,
      rankChange: frozen ? 0 : before.get(entry.member.user_id)! - rank,
      medal: frozen ? medalOf(rank) : null,
    };
  });
}

/** 가족 순위는 가족 구성원 한 명당 인증 수의 평균으로 정해요; ties by the total, then who came first. */
export function groupFamilies(members: readonly TeamMember[], meFamilyId: string | null): FamilyGroup[] {
  const byFamily = new Map<string, TeamMember[]>();
  for (const member of members) {
    const list = byFamily.get(member.familyId) ?? [];
    list.push(member);
    byFamily.set(member.familyId, list);
  }
  const groups = [...byFamily.entries()].map(([familyId, list], order) => {
    const certifications = list.reduce((sum, member) => sum + member.certifications, 0);
    const parent = list.find((member) => member.userId === familyId) ?? list[0]!;
    // Parents first, then children in join order.
    const sorted = [...list].sort(
      (a, b) =>
        Number(b.userType === 'PARENT') - Number(a.userType === 'PARENT') ||
        a.joinedAt.localeCompare(b.joinedAt),
    );
    return {
      familyId,
      parentAlias: parent.alias,
      members: sorted,
      certifications,
      average: Math.round((certifications / list.length) * 100) / 100,
      rank: 0,
      isMine: familyId === meFamilyId,
      order,
    };
  });
  groups.sort((a, b) => b.average - a.average || b.certifications - a.certifications || a.order - b.order);
  // Equal averages (compared exactly, not as shown) share a place.
  const ranks = competitionPlaces(
    groups,
    (a, b) => a.certifications * b.members.length === b.certifications * a.members.length,
  );
  return groups.map(({ order: _order, ...group }, index) => ({ ...group, rank: ranks[index]! }));
}
