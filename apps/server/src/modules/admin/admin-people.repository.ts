import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** What a search reads: a name or alias part, a phone number's last four digits, a Kakao id. */
export interface PeopleQuery {
  text: string;
  /** The last four digits of a phone number, when the query holds at least four digits. */
  phoneTail: string | null;
}

function parents(db: Db, query: PeopleQuery) {
  let select = db.selectFrom('users as u').where('u.user_type', '=', 'PARENT');
  if (query.text !== '') {
    const like = `%${query.text.replace(/[%_\\]/g, '')}%`;
    select = select.where((eb) =>
      eb.or([
        eb('u.name', 'like', like),
        eb('u.alias', 'like', like),
        eb('u.kakao_id', '=', query.text),
        ...(query.phoneTail ? [eb('u.phone', 'like', `%${query.phoneTail}`)] : []),
      ]),
    );
  }
  return select;
}

export async function findParentPage(db: Db, input: PeopleQuery & { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    parents(db, input)
      .select((eb) => [
        'u.id',
        'u.name',
        'u.alias',
        'u.phone',
        'u.kakao_id',
        'u.suspended_at',
        'u.created_at',
        eb
          .selectFrom('users as c')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('c.parent_user_id', '=', 'u.id')
          .as('child_count'),
      ])
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    parents(db, input)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export function findParent(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'alias',
      'phone',
      'birth_date',
      'kakao_id',
      'suspended_at',
      'suspended_reason',
      'created_at',
    ])
    .where('id', '=', userId)
    .where('user_type', '=', 'PARENT')
    .executeTakeFirst();
}

export function findChildren(db: Db, parentId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'alias', 'login_id', 'birth_date', 'suspended_at'])
    .where('parent_user_id', '=', parentId)
    .orderBy('id')
    .execute();
}

export function findTeamsOf(db: Db, userIds: readonly number[]) {
  return db
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .innerJoin('sub_challenges as s', 's.id', 'm.sub_challenge_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['t.id', 't.name', 's.title as round_title', 'u.alias', 'm.role', 'm.joined_at'])
    .where('m.user_id', 'in', userIds)
    .orderBy('m.joined_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
}

export function findCertificationsOf(db: Db, userIds: readonly number[], limit: number) {
  return db
    .selectFrom('mission_certifications as mc')
    .innerJoin('missions as mi', 'mi.id', 'mc.mission_id')
    .innerJoin('users as u', 'u.id', 'mc.user_id')
    .select([
      'mc.id',
      'mc.user_id',
      'u.alias',
      'mi.title',
      'mc.certified_on',
      'mc.content_html',
      'mc.created_at',
      'mc.hidden_at',
      'mc.hidden_reason',
    ])
    .where('mc.user_id', 'in', userIds)
    .orderBy('mc.created_at', 'desc')
    .orderBy('mc.id', 'desc')
    .limit(limit)
    .execute();
}

export function findBadgesOf(db: Db, userIds: readonly number[]) {
  return db
    .selectFrom('user_badges as ub')
    .innerJoin('badge_rules as r', 'r.id', 'ub.badge_id')
    .innerJoin('users as u', 'u.id', 'ub.user_id')
    .select(['u.alias', 'r.name', 'r.emoji', 'ub.achieved_at'])
    .where('ub.user_id', 'in', userIds)
    .orderBy('ub.achieved_at', 'desc')
    .execute();
}

export function findRewardsOf(db: Db, userIds: readonly number[]) {
  return db
    .selectFrom('rewards as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('sub_challenges as s', 's.id', 'r.sub_challenge_id')
    .select(['r.id', 'u.alias', 's.title', 'r.kind', 'r.unit', 'r.amount', 'r.status', 'r.granted_at'])
    .where('r.user_id', 'in', userIds)
    .orderBy('r.granted_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

/** One certification with what its team scores need: the round of its mission. */
export function findCertification(db: Db, certificationId: number) {
  return db
    .selectFrom('mission_certifications as mc')
    .innerJoin('missions as mi', 'mi.id', 'mc.mission_id')
    .select([
      'mc.id',
      'mc.user_id',
      'mc.mission_id',
      'mi.sub_challenge_id',
      'mc.certified_on',
      'mc.created_at',
      'mc.hidden_at',
      'mc.hidden_reason',
    ])
    .where('mc.id', '=', certificationId)
    .executeTakeFirst();
}

/**
 * Hides (a reason) or shows (null) a certification; true only when it moved, so two operators
 * racing move it (and its scores) once.
 */
export async function setCertificationHidden(
  db: Db,
  input: { certificationId: number; hidden: { at: string; reason: string } | null },
): Promise<boolean> {
  const result = await db
    .updateTable('mission_certifications')
    .set({ hidden_at: input.hidden?.at ?? null, hidden_reason: input.hidden?.reason ?? null })
    .where('id', '=', input.certificationId)
    .where('hidden_at', input.hidden ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
