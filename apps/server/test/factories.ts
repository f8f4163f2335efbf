import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../src/lib/password.ts';
import { recountScores } from '../src/modules/teams/team-scores.repository.ts';
import { TEST_PASSWORD_PARAMS } from './harness.ts';
import type { Database, NewUser } from '../src/db/schema.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

/** A person in the database; a pin-verified parent unless overridden. */
/** The harness clock's day: the teams' counts of the day are kept for it. */
const SCORE_DAY = '2026-11-20';

function newUser(overrides: Partial<NewUser> = {}): NewUser {
  const n = next();
  const stamp = '2026-11-01T00:00:00.000Z';
  return {
    user_type: 'PARENT',
    kakao_id: `9000000${n}`,
    login_id: null,
    password_hash: null,
    parent_user_id: null,
    name: `테스트${n}`,
    alias: `별명${n}`,
    phone: `+82 10-0000-${String(n).padStart(4, '0')}`,
    birth_date: '1990-01-01',
    status: 'USER',
    pin_verified_at: stamp,
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

export async function createUser(db: Kysely<Database>, overrides: Partial<NewUser> = {}): Promise<number> {
  const row = await db
    .insertInto('users')
    .values(newUser(overrides))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Many verified parents at once (200 a statement): their ids, in order. */
export async function createUsers(db: Kysely<Database>, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let made = 0; made < count; made += 200) {
    const rows = Array.from({ length: Math.min(200, count - made) }, () => newUser());
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    ids.push(...inserted.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
}

/** A challenge with one sub-challenge and `missions` missions; returns the mission ids. */
export async function createMissions(
  db: Kysely<Database>,
  missions = 2,
  proofType: 'PHOTO' | 'TEXT' | 'PHOTO_TEXT' = 'PHOTO',
): Promise<number[]> {
  const challenge = await db
    .insertInto('challenges')
    .values({
      challenge_type: 'challenge',
      title: '테스트 챌린지',
      description: '',
      created_at: '2026-11-01T00:00:00Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sub = await db
    .insertInto('sub_challenges')
    .values({
      challenge_id: challenge.id,
      round: 1,
      title: '1기',
      recruit_start: '2026-10-01',
      recruit_end: '2026-10-31',
      start_date: '2026-11-01',
      end_date: '2026-11-21',
      max_user: 10,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let index = 0; index < missions; index += 1) {
    const row = await db
      .insertInto('missions')
      .values({
        sub_challenge_id: sub.id,
        title: `미션 ${index + 1}`,
        description: '',
        icon: '✅',
        proof_type: proofType,
        sort: index,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

export async function certify(
  db: Kysely<Database>,
  userId: number,
  missionId: number,
  day: string,
): Promise<void> {
  await db
    .insertInto('mission_certifications')
    .values({
      user_id: userId,
      mission_id: missionId,
      certified_on: day,
      content_html: '<p>했어요</p>',
      created_at: `${day}T01:00:00.000Z`,
    })
    .execute();
  // Rows written directly: the kept team scores are counted again, as the seed does.
  await recountScores(db, day);
}

/**
 * Many certifications at once (one insert), the kept team scores counted again once, for the last
 * day given: what `certify` one by one leaves, without a recount of every member per row.
 */
export async function certifyMany(
  db: Kysely<Database>,
  rows: readonly { userId: number; missionId: number; day: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('mission_certifications')
    .values(
      rows.map((row) => ({
        user_id: row.userId,
        mission_id: row.missionId,
        certified_on: row.day,
        content_html: '<p>했어요</p>',
        created_at: `${row.day}T01:00:00.000Z`,
      })),
    )
    .execute();
  await recountScores(db, rows.at(-1)!.day);
}

/** Terms of use and privacy policy, version 1.0 each, so sign-up can refer to them. */
export async function createTermsDocuments(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('terms_documents')
    .values([
      {
        kind: 'TERMS_OF_USE',
        version: '1.0',
        title: '이용약관',
        content: '본문',
        effective_date: '2025-01-01',
      },
      {
        kind: 'PRIVACY_POLICY',
        version: '1.0',
        title: '개인정보 처리방침',
        content: '본문',
        effective_date: '2025-01-01',
      },
    ])
    .execute();
}

/**
 * A version of the child privacy document (만 14세 미만 아동의 개인정보 수집·이용 동의) a parent must
 * agree to before a child account is made (decision 038); 1.0 in force since 2025 unless told.
 */
export async function createChildConsentDocument(
  db: Kysely<Database>,
  doc: { version?: string; effective_date?: string; required?: number } = {},
): Promise<void> {
  await db
    .insertInto('terms_documents')
    .values({
      kind: 'CHILD_PRIVACY_CONSENT',
      version: doc.version ?? '1.0',
      title: '만 14세 미만 아동의 개인정보 수집·이용 동의',
      content: `동의서 ${doc.version ?? '1.0'} 본문`,
      effective_date: doc.effective_date ?? '2025-01-01',
      required: doc.required ?? 1,
    })
    .execute();
}

/** A child of `parentId` with a cheaply hashed password (tests only; production uses the default cost). */
export async function createChild(
  db: Kysely<Database>,
  parentId: number,
  loginId: string,
  password: string,
): Promise<number> {
  return createUser(db, {
    user_type: 'CHILD',
    kakao_id: null,
    login_id: loginId,
    password_hash: await hashPassword(password, TEST_PASSWORD_PARAMS),
    parent_user_id: parentId,
    phone: null,
    birth_date: null,
    pin_verified_at: null,
  });
}

/**
 * Makes `userId` take part in the sub-challenge of `missionId`: a member of that round's test team
 * (made, with this person as its manager, when the round has none yet). Safe to repeat.
 */
export async function joinMissionRound(
  db: Kysely<Database>,
  userId: number,
  missionId: number,
): Promise<void> {
  const round = await db
    .selectFrom('missions as m')
    .innerJoin('sub_challenges as s', 's.id', 'm.sub_challenge_id')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .select(['s.id', 'c.challenge_type'])
    .where('m.id', '=', missionId)
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .select(['parent_user_id'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const stamp = '2026-11-01T00:00:00.000Z';
  let team = await db
    .selectFrom('teams')
    .select('id')
    .where('sub_challenge_id', '=', round.id)
    .where('name', '=', `테스트팀${round.id}`)
    .executeTakeFirst();
  team ??= await db
    .insertInto('teams')
    .values({
      public_id: randomBytes(16).toString('base64url'),
      sub_challenge_id: round.id,
      name: `테스트팀${round.id}`,
      name_key: `테스트팀${round.id}`,
      description: '',
      emoji: '🧪',
      manager_user_id: user.parent_user_id ?? userId,
      member_count: 0,
      reserved_seats: 0,
      recruiting_open: 1,
      allow_member_invite: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inserted = await db
    .insertInto('team_members')
    .values({
      team_id: team.id,
      user_id: userId,
      family_user_id: user.parent_user_id ?? userId,
      role: 'MEMBER',
      sub_challenge_id: round.id,
      slot_key: round.challenge_type === 'always' ? 'always' : `challenge:${round.id}`,
      reward_notice_display_yn: 'N',
      joined_at: stamp,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
    await db
      .updateTable('teams')
      .set((eb) => ({ member_count: eb('member_count', '+', 1) }))
      .where('id', '=', team.id)
      .execute();
  }
  await recountScores(db, SCORE_DAY);
}

/** A round of a new challenge (or of the always program) with `missions` missions. */
export async function createRound(
  db: Kysely<Database>,
  input: {
    type?: 'challenge' | 'always';
    recruitStart?: string;
    recruitEnd?: string;
    startDate?: string;
    endDate?: string | null;
    maxUser?: number;
    missions?: number;
    /** Another round of this challenge; a new challenge unless given. */
    challengeId?: number;
  } = {},
): Promise<{ subChallengeId: number; challengeId: number; missionIds: number[] }> {
  const type = input.type ?? 'challenge';
  const challenge =
    input.challengeId !== undefined
      ? { id: input.challengeId }
      : await db
          .insertInto('challenges')
          .values({
            challenge_type: type,
            title: `${type} ${next()}`,
            description: '',
            created_at: '2026-10-01T00:00:00Z',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
  const sub = await db
    .insertInto('sub_challenges')
    .values({
      challenge_id: challenge.id,
      round: 1,
      title: `${next()}기`,
      recruit_start: input.recruitStart ?? '2026-11-15',
      recruit_end: input.recruitEnd ?? '2026-11-25',
      start_date: input.startDate ?? '2026-11-26',
      end_date: input.endDate === undefined ? (type === 'always' ? null : '2026-12-16') : input.endDate,
      max_user: input.maxUser ?? 10,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const missionIds: number[] = [];
  for (let index = 0; index < (input.missions ?? 2); index += 1) {
    const row = await db
      .insertInto('missions')
      .values({
        sub_challenge_id: sub.id,
        title: `미션 ${index + 1}`,
        description: '',
        icon: '✅',
        proof_type: 'TEXT',
        sort: index,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    missionIds.push(row.id);
  }
  return { subChallengeId: sub.id, challengeId: challenge.id, missionIds };
}

/**
 * A team of a round managed by `managerId`, with the people given (each with the parent they came
 * with; a parent's family is themself). Counters match the rows.
 */
export async function createTeam(
  db: Kysely<Database>,
  input: {
    subChallengeId: number;
    managerId: number;
    members?: { userId: number; familyId?: number }[];
    name?: string;
    recruitingOpen?: boolean;
    allowMemberInvite?: boolean;
  },
): Promise<number> {
  const round = await db
    .selectFrom('sub_challenges as s')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .select(['c.challenge_type'])
    .where('s.id', '=', input.subChallengeId)
    .executeTakeFirstOrThrow();
  const name = input.name ?? `팀${next()}`;
  const people = [{ userId: input.managerId, familyId: input.managerId }, ...(input.members ?? [])];
  const stamp = '2026-11-01T00:00:00.000Z';
  const team = await db
    .insertInto('teams')
    .values({
      public_id: randomBytes(16).toString('base64url'),
      sub_challenge_id: input.subChallengeId,
      name,
      name_key: name.toLowerCase().replace(/\s+/g, ''),
      description: '',
      emoji: '🌱',
      manager_user_id: input.managerId,
      recruiting_open: input.recruitingOpen === false ? 0 : 1,
      allow_member_invite: input.allowMemberInvite ? 1 : 0,
      member_count: people.length,
      reserved_seats: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('team_members')
    .values(
      people.map((person) => ({
        team_id: team.id,
        user_id: person.userId,
        family_user_id: person.familyId ?? person.userId,
        role: person.userId === input.managerId ? ('MANAGER' as const) : ('MEMBER' as const),
        sub_challenge_id: input.subChallengeId,
        slot_key: round.challenge_type === 'always' ? 'always' : `challenge:${input.subChallengeId}`,
        reward_notice_display_yn: 'N' as const,
        joined_at: stamp,
      })),
    )
    .execute();
  await recountScores(db, SCORE_DAY);
  return team.id;
}

/**
 * Adds a person to an existing team (a parent's family is themself; a child names the parent they
 * came with), keeping `member_count` equal to the rows. Answers the new `teamMbrId`.
 */
export async function addMember(
  db: Kysely<Database>,
  input: { teamId: number; userId: number; familyId?: number; joinedAt?: string },
): Promise<number> {
  const team = await db
    .selectFrom('teams as t')
    .innerJoin('sub_challenges as s', 's.id', 't.sub_challenge_id')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .select(['t.sub_challenge_id', 'c.challenge_type'])
    .where('t.id', '=', input.teamId)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('team_members')
    .values({
      team_id: input.teamId,
      user_id: input.userId,
      family_user_id: input.familyId ?? input.userId,
      role: 'MEMBER',
      sub_challenge_id: team.sub_challenge_id,
      slot_key: team.challenge_type === 'always' ? 'always' : `challenge:${team.sub_challenge_id}`,
      reward_notice_display_yn: 'N',
      joined_at: input.joinedAt ?? '2026-11-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('teams')
    .set((eb) => ({ member_count: eb('member_count', '+', 1) }))
    .where('id', '=', input.teamId)
    .execute();
  await recountScores(db, SCORE_DAY);
  return row.id;
}

/** The public id a test names a team by in front calls (decision 022): the numeric key never goes out. */
export async function teamPublicId(db: Kysely<Database>, teamId: number): Promise<string> {
  const row = await db
    .selectFrom('teams')
    .select('public_id')
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  return row.public_id;
}
