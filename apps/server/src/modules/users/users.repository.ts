import { sql, type Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema.ts';

export async function findUserById(db: Kysely<Database>, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function findUserByKakaoId(db: Kysely<Database>, kakaoId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('kakao_id', '=', kakaoId).executeTakeFirst();
}

export async function findChildByLoginId(
  db: Kysely<Database>,
  loginId: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('login_id', '=', loginId)
    .where('user_type', '=', 'CHILD')
    .executeTakeFirst();
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function markPinVerified(db: Kysely<Database>, userId: number, nowIso: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ pin_verified_at: nowIso, updated_at: nowIso })
    .where('id', '=', userId)
    .execute();
}

/**
 * Removes a person and everything that is theirs: children (cascade), certifications, tokens and
 * agreements; logs keep the event with the person's id cleared.
 */
export async function deleteUserAndChildren(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('users').where('parent_user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}

export async function deleteUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** The person and their children. */
export async function findFamilyIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', userId), eb('parent_user_id', '=', userId)]))
    .execute();
  return rows.map((row) => row.id);
}

/** A parent's children, oldest first. */
export async function findChildrenOf(db: Kysely<Database>, parentId: number): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('parent_user_id', '=', parentId)
    .where('user_type', '=', 'CHILD')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** What a person shows others: alias and avatar. */
export async function updateProfile(
  db: Kysely<Database>,
  userId: number,
  changes: { alias?: string | undefined; avatar?: string | undefined; now: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(changes.alias === undefined ? {} : { alias: changes.alias }),
      ...(changes.avatar === undefined ? {} : { avatar: changes.avatar }),
      updated_at: changes.now,
    })
    .where('id', '=', userId)
    .execute();
}

/** A stored password hash replaced by a stronger one of the same password, unless it changed meanwhile. */
export async function replacePasswordHash(
  db: Kysely<Database>,
  userId: number,
  hashes: { from: string; to: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hashes.to })
    .where('id', '=', userId)
    .where('password_hash', '=', hashes.from)
    .execute();
}

/** The child only when it belongs to this parent; another family's id finds nothing. */
export async function findChildOf(
  db: Kysely<Database>,
  parentId: number,
  childId: number,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', childId)
    .where('parent_user_id', '=', parentId)
    .where('user_type', '=', 'CHILD')
    .executeTakeFirst();
}

export async function isLoginIdTaken(db: Kysely<Database>, loginId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('login_id', '=', loginId).executeTakeFirst();
  return row !== undefined;
}

export async function updateChild(
  db: Kysely<Database>,
  childId: number,
  changes: { name?: string; passwordHash?: string; loginId?: string; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name, alias: changes.name }),
      ...(changes.loginId === undefined ? {} : { login_id: changes.loginId }),
      ...(changes.passwordHash === undefined ? {} : { password_hash: changes.passwordHash }),
      updated_at: changes.updatedAt,
    })
    .where('id', '=', childId)
    .execute();
}

/** What the console's people search reads: a name or alias part, a phone number's last four digits, a Kakao id. */
export interface ParentQuery {
  text: string;
  /** The last four digits of a phone number, when the query holds at least four digits. */
  phoneTail: string | null;
}

function parentsMatching(db: Kysely<Database>, query: ParentQuery) {
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

/** Parents matching a search, newest first, with how many children each has. */
export async function findParentPage(
  db: Kysely<Database>,
  input: ParentQuery & { offset: number; limit: number },
) {
  const [rows, total] = await Promise.all([
    parentsMatching(db, input)
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
    parentsMatching(db, input)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** A parent account with what support sees of it; undefined for a child or no one. */
export function findParent(db: Kysely<Database>, userId: number) {
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

/** A parent's children as support sees them, by id. */
export function findChildAccounts(db: Kysely<Database>, parentId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'alias', 'login_id', 'birth_date', 'suspended_at'])
    .where('parent_user_id', '=', parentId)
    .orderBy('id')
    .execute();
}

/** Names, aliases and kinds of accounts, for lists another module keeps (team members, managers). */
export async function findAccountNames(db: Kysely<Database>, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'name', 'alias', 'user_type'])
    .where('id', 'in', userIds)
    .execute();
}

/**
 * The phone number a payout goes to, per account: the account's own, else (a child) its parent's.
 * Only the reward export reads it, as an audited reveal.
 */
export async function findPayoutPhones(db: Kysely<Database>, userIds: readonly number[]) {
  const out: { id: number; phone: string | null }[] = [];
  const ids = [...new Set(userIds)];
  // In slices: both databases cap the parameters of one statement.
  for (let index = 0; index < ids.length; index += 5000) {
    const rows = await db
      .selectFrom('users as u')
      .leftJoin('users as p', 'p.id', 'u.parent_user_id')
      .select((eb) => ['u.id', eb.fn.coalesce('u.phone', 'p.phone').as('phone')])
      .where('u.id', 'in', ids.slice(index, index + 5000))
      .execute();
    out.push(...rows);
  }
  return out;
}

/** Suspends (a reason) or lifts the suspension of (null) a parent and their children; their ids. */
export async function setFamilySuspended(
  db: Kysely<Database>,
  input: { parentId: number; suspended: { at: string; reason: string } | null; now: string },
): Promise<number[]> {
  const rows = await db
    .updateTable('users')
    .set({
      suspended_at: input.suspended?.at ?? null,
      suspended_reason: input.suspended?.reason ?? null,
      updated_at: input.now,
    })
    .where((eb) => eb.or([eb('id', '=', input.parentId), eb('parent_user_id', '=', input.parentId)]))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Parent accounts created per Seoul day. `created_at` is an ISO instant, so each day is the range
 * [its first instant, the next day's first instant) in UTC, joined as a table of days: one grouped
 * query, the same SQL on both databases, and the created_at comparison can use an index.
 */
export async function countParentSignUpsByDay(
  db: Kysely<Database>,
  days: readonly { day: string; fromAt: string; toAt: string }[],
) {
  if (days.length === 0) return [];
  const values = sql.join(days.map((d) => sql`(${d.day}, ${d.fromAt}, ${d.toAt})`));
  const result = await sql<{ day: string; sign_ups: number }>`
    with days (day, from_at, to_at) as (values ${values})
    select days.day as day, count(u.id) as sign_ups
    from days
    left join users u
      on u.created_at >= days.from_at and u.created_at < days.to_at and u.user_type = 'PARENT'
    group by days.day`.execute(db);
  return result.rows.map((row) => ({ day: row.day, signUps: Number(row.sign_ups) }));
}

/** A child's first confirmation of the notice about their data; later ones change nothing. */
export async function markChildNoticeSeen(
  db: Kysely<Database>,
  userId: number,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ child_notice_seen_at: nowIso })
    .where('id', '=', userId)
    .where('user_type', '=', 'CHILD')
    .where('child_notice_seen_at', 'is', null)
    .execute();
}
