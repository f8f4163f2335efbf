import { randomBytes } from 'node:crypto';
import { addDays, seoulDay } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { pick, pseudoRandom, seoulMoment } from './moments.ts';

interface DemoFamily {
  parentId: number;
  childIds: number[];
}

interface DemoTeamSpec {
  subChallengeId: number;
  slotKey: string;
  name: string;
  description: string;
  emoji: string;
  /** Index into the families; its parent manages the team. */
  manager: number;
  /** Families in the team (the manager's first), each with all their children. */
  families: number[];
  favoriteOfDemoParent?: boolean;
  allowMemberInvite?: boolean;
}

/**
 * Demo teams (issue 7): the demo parent (family 0) manages a challenge team in the running round
 * and an always team, both with other families and the demo child; an ended round holds the demo
 * family's history; the recruiting round has a team with one free seat and a pending invitation
 * to the demo parent (which holds another seat). Returns, per person, the rounds they are in.
 */
export async function seedDemoTeams(
  db: Kysely<Database>,
  input: {
    now: Date;
    families: DemoFamily[];
    rounds: { ended: number; running: number; recruiting: number; always: number };
    /** Each round's recruiting days. */
    recruiting: Map<number, { start: string; end: string }>;
    /** When each person signed up. */
    signedUp: Map<number, string>;
  },
): Promise<Map<number, Set<number>>> {
  const { now, families, rounds } = input;
  const today = seoulDay(now);
  const random = pseudoRandom(20261001);
  /**
   * The days a team of this round could be joined: its recruiting days up to today. The always
   * teams were all formed three weeks ago at the latest (their certifications start 20 days ago).
   */
  const joinWindow = (subChallengeId: number) => {
    const window = input.recruiting.get(subChallengeId)!;
    const last = subChallengeId === rounds.always ? addDays(today, -21) : today;
    return { start: window.start, end: window.end < last ? window.end : last };
  };
  const later = (a: string, b: string) => (a > b ? a : b);
  /** When the family's last member signed up (they join together). */
  const familySignedUpAt = (index: number) => {
    const family = families[index]!;
    return [family.parentId, ...family.childIds].map((userId) => input.signedUp.get(userId)!).reduce(later);
  };
  const familySignedUp = (index: number) => seoulDay(new Date(familySignedUpAt(index)));
  /** A moment of the day, after `after` when that is the same day (a few minutes later). */
  const momentAfter = (day: string, after: string) => {
    const at = seoulMoment(day, random, now);
    return at > after ? at : new Date(Date.parse(after) + pick(random, 1, 20) * 60_000).toISOString();
  };
  /** A day some days after `from`, kept inside the window. */
  const dayAfter = (from: string, window: { start: string; end: string }, spread: number) => {
    const day = addDays(later(from, window.start), pick(random, 0, spread));
    return day > window.end ? later(window.end, from) : day;
  };
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const challengeSlot = (id: number) => `challenge:${id}`;

  const specs: DemoTeamSpec[] = [
    {
      subChallengeId: rounds.ended,
      slotKey: challengeSlot(rounds.ended),
      name: '1기 완주 가족단',
      description: '첫 기수를 끝까지 해낸 가족들이에요.',
      emoji: '🏅',
      manager: 0,
      families: [0, 1, 2],
    },
    {
      subChallengeId: rounds.running,
      slotKey: challengeSlot(rounds.running),
      name: '하늘 가족 건강단',
      description: '물 마시기부터 산책까지, 매일 함께해요!',
      emoji: '🌿',
      manager: 0,
      families: [0, 1, 2, 3],
      favoriteOfDemoParent: true,
      allowMemberInvite: true,
    },
    {
      subChallengeId: rounds.running,
      slotKey: challengeSlot(rounds.running),
      name: '튼튼 패밀리',
      description: '건강한 습관, 우리 가족이 먼저!',
      emoji: '💪',
      manager: 4,
      families: [4, 5, 6, 7, 8, 9],
    },
    {
      subChallengeId: rounds.running,
      slotKey: challengeSlot(rounds.running),
      name: '새싹 모임',
      description: '천천히, 꾸준히 자라요.',
      emoji: '🌱',
      manager: 10,
      families: range(10, 14),
    },
    {
      subChallengeId: rounds.running,
      slotKey: challengeSlot(rounds.running),
      name: '별빛 가족',
      description: '',
      emoji: '⭐',
      manager: 16,
      families: range(15, 18),
    },
    {
      subChallengeId: rounds.always,
      slotKey: 'always',
      name: '매일 습관 클럽',
      description: '아침 스트레칭과 책 읽기를 함께해요.',
      emoji: '☀️',
      manager: 0,
      families: range(0, 6),
    },
    {
      subChallengeId: rounds.always,
      slotKey: 'always',
      name: '꾸준히 모임',
      description: '하루 한 가지, 작은 습관부터.',
      emoji: '📚',
      manager: 7,
      families: range(7, 18),
    },
    {
      // Recruiting: 8 of 10 seats taken, one held by the invitation below, one free for a link.
      subChallengeId: rounds.recruiting,
      slotKey: challengeSlot(rounds.recruiting),
      name: '3기 새 출발',
      description: '3기를 함께 시작할 가족을 찾아요.',
      emoji: '🚀',
      manager: 1,
      families: [1, 2, 3, 5, 6],
    },
  ];

  const membership = new Map<number, Set<number>>();
  const teamIds: number[] = [];
  for (const spec of specs) {
    const members = spec.families.flatMap((index) => {
      const family = families[index]!;
      return [family.parentId, ...family.childIds].map((userId) => ({
        userId,
        familyId: family.parentId,
        familyIndex: index,
      }));
    });
    const managerId = families[spec.manager]!.parentId;
    // The manager made the team in its recruiting days; the other families joined after, each on its day.
    const window = joinWindow(spec.subChallengeId);
    const createdDay = dayAfter(familySignedUp(spec.manager), window, 2);
    const createdAt = momentAfter(createdDay, familySignedUpAt(spec.manager));
    const joinedAt = new Map<number, string>();
    for (const index of spec.families) {
      if (index === spec.manager) {
        joinedAt.set(index, createdAt);
        continue;
      }
      const at = momentAfter(
        dayAfter(later(createdDay, familySignedUp(index)), window, 4),
        familySignedUpAt(index),
      );
      // Never before the team existed (the same day, a little after it).
      joinedAt.set(
        index,
        at > createdAt ? at : new Date(Date.parse(createdAt) + pick(random, 5, 90) * 60_000).toISOString(),
      );
    }
    const team = await db
      .insertInto('teams')
      .values({
        sub_challenge_id: spec.subChallengeId,
        public_id: randomBytes(16).toString('base64url'),
        name: spec.name,
        name_key: spec.name.toLowerCase().replace(/\s+/g, ''),
        description: spec.description,
        emoji: spec.emoji,
        manager_user_id: managerId,
        recruiting_open: 1,
        allow_member_invite: spec.allowMemberInvite ? 1 : 0,
        member_count: members.length,
        reserved_seats: 0,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    teamIds.push(team.id);
    await db
      .insertInto('team_members')
      .values(
        members.map(({ userId, familyId, familyIndex }) => ({
          team_id: team.id,
          user_id: userId,
          family_user_id: familyId,
          role: userId === managerId ? ('MANAGER' as const) : ('MEMBER' as const),
          sub_challenge_id: spec.subChallengeId,
          slot_key: spec.slotKey,
          reward_notice_display_yn: 'N' as const,
          joined_at: joinedAt.get(familyIndex)!,
        })),
      )
      .execute();
    for (const { userId } of members) {
      const rounds = membership.get(userId) ?? new Set<number>();
      rounds.add(spec.subChallengeId);
      membership.set(userId, rounds);
    }
    if (spec.favoriteOfDemoParent) {
      await db
        .insertInto('team_favorites')
        .values({
          user_id: families[0]!.parentId,
          team_id: team.id,
          created_at: new Date(Date.parse(joinedAt.get(0)!) + 3 * 86_400_000).toISOString(),
        })
        .execute();
    }
  }

  // The recruiting team invited the demo parent directly: the invitation holds a seat for a week.
  const recruitingTeamId = teamIds.at(-1)!;
  await db
    .insertInto('team_invitations')
    .values({
      team_id: recruitingTeamId,
      inviter_user_id: families[1]!.parentId,
      invitee_user_id: families[0]!.parentId,
      status: 'PENDING',
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      answered_at: null,
    })
    .execute();
  await db.updateTable('teams').set({ reserved_seats: 1 }).where('id', '=', recruitingTeamId).execute();
  return membership;
}
