import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type {
  Database,
  PushKind,
  PushPreferencesTable,
  PushSendsTable,
  PushSubscriptionsTable,
} from '../../db/schema.ts';
import { countedCertifications, roundMissionsView } from '../missions/missions.views.ts';
import { teamMembersView } from '../teams/teams.views.ts';
import { activePeopleView } from '../users/users.views.ts';

type Db = Kysely<Database>;
export type SubscriptionRow = Selectable<PushSubscriptionsTable>;
export type PreferencesRow = Selectable<PushPreferencesTable>;
export type SendRow = Selectable<PushSendsTable>;

/**
 * Keeps a browser's subscription for `user_id`; the same person subscribing the same endpoint again
 * renews its keys and its time. An endpoint another person holds is left as it is (never moved,
 * issue 46): answers who holds it now.
 */
export async function saveSubscription(db: Db, row: Insertable<PushSubscriptionsTable>): Promise<number> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ p256dh: row.p256dh, auth: row.auth, created_at: row.created_at })
        .where('push_subscriptions.user_id', '=', row.user_id),
    )
    .execute();
  const held = await db
    .selectFrom('push_subscriptions')
    .select('user_id')
    .where('endpoint', '=', row.endpoint)
    .executeTakeFirstOrThrow();
  return held.user_id;
}

/** Keeps a person's `keep` newest subscriptions and forgets the older ones. */
export async function trimSubscriptions(db: Db, userId: number, keep: number): Promise<void> {
  const newest = db
    .selectFrom('push_subscriptions')
    .select('endpoint')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('endpoint', 'desc')
    .limit(keep);
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', 'not in', newest)
    .execute();
}

export async function deleteSubscription(db: Db, endpoint: string, userId?: number): Promise<void> {
  let query = db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  await query.execute();
}

export function findSubscriptions(db: Db, userIds: readonly number[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', 'in', userIds).execute();
}

/** The browsers a batch reached: their last success, in one statement. */
export async function markDelivered(db: Db, endpoints: readonly string[], at: string): Promise<void> {
  if (endpoints.length === 0) return;
  await db
    .updateTable('push_subscriptions')
    .set({ last_success_at: at })
    .where('endpoint', 'in', endpoints)
    .execute();
}

export function findPreferences(db: Db, userIds: readonly number[]): Promise<PreferencesRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('push_preferences').selectAll().where('user_id', 'in', userIds).execute();
}

export async function upsertPreferences(db: Db, row: Insertable<PushPreferencesTable>): Promise<void> {
  const { user_id: _userId, ...changes } = row;
  await db
    .insertInto('push_preferences')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}

/**
 * Active people with at least one subscription whose daily reminder of `day` is not decided yet (no
 * `daily` row of that day: neither queued nor skipped): each person is looked at once a day.
 */
export function findSubscribedPeople(db: Db, day: string) {
  return activePeopleView(db)
    .where('id', 'in', db.selectFrom('push_subscriptions').select('user_id'))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('push_sends')
            .select('push_sends.send_key')
            .where(
              'push_sends.send_key',
              '=',
              sql<string>`'daily:' || cast(users.id as text) || ${`:${day}`}`,
            ),
        ),
      ),
    )
    .clearSelect()
    .select(['id', 'user_type', 'parent_user_id'])
    .execute();
}

/** Writes the push unless its key was written before (by any server): true when written now. */
export async function insertSend(db: Db, row: Insertable<PushSendsTable>): Promise<boolean> {
  return (await insertSends(db, [row])) > 0;
}

/** Writes the pushes whose keys were not written before, 500 a statement: how many were written. */
export async function insertSends(db: Db, rows: readonly Insertable<PushSendsTable>[]): Promise<number> {
  let written = 0;
  for (let index = 0; index < rows.length; index += 500) {
    const result = await db
      .insertInto('push_sends')
      .values(rows.slice(index, index + 500))
      .onConflict((oc) => oc.column('send_key').doNothing())
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

/**
 * One push to every member of a round who may use the app, has a browser subscribed (decision 060)
 * and whose choices (a child's are their parent's; no row means yes) let this kind through, in one
 * statement (decision 052): keyed
 * `kind:person:key`, a child's not before `childNotBefore`. A key written before stays as it was.
 */
export async function insertRoundMemberSends(
  db: Db,
  input: {
    subChallengeId: number;
    kind: 'roundResults';
    key: string;
    copy: { title: string; body: string; url: string };
    day: string;
    now: string;
    childNotBefore: string;
  },
): Promise<number> {
  const text = (value: string) => sql<string>`cast(${value} as text)`;
  const sends = db
    .selectFrom(activePeopleView(db).as('p'))
    .leftJoin('push_preferences as pref', (join) =>
      join.on(
        'pref.user_id',
        '=',
        sql<number>`case when p.user_type = 'CHILD' and p.parent_user_id is not null then p.parent_user_id else p.id end`,
      ),
    )
    .select([
      sql<string>`${text(`${input.kind}:`)} || cast(p.id as text) || ${text(`:${input.key}`)}`.as('send_key'),
      'p.id as user_id',
      text(input.kind).$castTo<PushKind>().as('kind'),
      text(input.day).as('day'),
      text(input.copy.title).as('title'),
      text(input.copy.body).as('body'),
      text(input.copy.url).as('url'),
      sql<'pending'>`'pending'`.as('status'),
      sql<string>`case when p.user_type = 'CHILD' then ${text(input.childNotBefore)} else ${text(input.now)} end`.as(
        'not_before',
      ),
      text(input.now).as('created_at'),
      sql<string | null>`cast(null as text)`.as('sent_at'),
    ])
    .where(
      'p.id',
      'in',
      db
        .selectFrom(teamMembersView(db).as('m'))
        .select('m.user_id')
        .where('m.sub_challenge_id', '=', input.subChallengeId),
    )
    .where('p.id', 'in', db.selectFrom('push_subscriptions').select('user_id'))
    .where(sql<string>`coalesce(pref.round_results_yn, 'Y')`, '=', 'Y');
  const result = await db
    .insertInto('push_sends')
    .columns([
      'send_key',
      'user_id',
      'kind',
      'day',
      'title',
      'body',
      'url',
      'status',
      'not_before',
      'created_at',
      'sent_at',
    ])
    .expression(sends)
    .onConflict((oc) => oc.column('send_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Takes up to `limit` pushes due at `now` for sending, oldest first, in one statement: each row is
 * taken by exactly one caller whatever the number of servers (a row another took meanwhile is no
 * longer pending when this one's update reaches it).
 */
export function claimDueSends(db: Db, input: { now: string; limit: number }): Promise<SendRow[]> {
  const due = db
    .selectFrom('push_sends')
    .select('send_key')
    .where('status', '=', 'pending')
    .where('not_before', '<=', input.now)
    .orderBy('created_at')
    .limit(input.limit);
  return db
    .updateTable('push_sends')
    .set({ status: 'sent', sent_at: input.now })
    .where('send_key', 'in', due)
    .where('status', '=', 'pending')
    .returningAll()
    .execute();
}

/** Pushes due at `now` for people with no subscription left: dropped, in one statement. */
export async function dropUnreachableSends(db: Db, now: string): Promise<number> {
  const result = await db
    .updateTable('push_sends')
    .set({ status: 'dropped' })
    .where('status', '=', 'pending')
    .where('not_before', '<=', now)
    .where('user_id', 'not in', db.selectFrom('push_subscriptions').select('user_id'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Taken pushes whose person lost every subscription meanwhile. */
export async function dropSends(db: Db, sendKeys: readonly string[]): Promise<void> {
  if (sendKeys.length === 0) return;
  await db.updateTable('push_sends').set({ status: 'dropped' }).where('send_key', 'in', sendKeys).execute();
}

export function findPerson(db: Db, userId: number) {
  return activePeopleView(db)
    .where('id', '=', userId)
    .clearSelect()
    .select(['id', 'user_type', 'parent_user_id'])
    .executeTakeFirst();
}

export function findPeople(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return activePeopleView(db)
    .where('id', 'in', userIds)
    .clearSelect()
    .select(['id', 'user_type', 'parent_user_id'])
    .execute();
}

/**
 * After a certification in a round: when the certifier's family (its members in that team) has
 * now certified every mission of the round's day, the other families' members of the team; else [].
 */
export async function findTeammatesOfFinishedFamily(
  db: Db,
  input: { userId: number; subChallengeId: number; day: string },
) {
  const member = await teamMembersView(db)
    .clearSelect()
    .select(['team_id', 'family_user_id'])
    .where('user_id', '=', input.userId)
    .where('sub_challenge_id', '=', input.subChallengeId)
    .executeTakeFirst();
  if (!member) return [];
  const family = await teamMembersView(db)
    .clearSelect()
    .select('user_id')
    .where('team_id', '=', member.team_id)
    .where('family_user_id', '=', member.family_user_id)
    .execute();
  const missions = await roundMissionsView(db)
    .clearSelect()
    .select('id')
    .where('sub_challenge_id', '=', input.subChallengeId)
    .execute();
  if (missions.length === 0) return [];
  const done = await countedCertifications(db)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(
      'user_id',
      'in',
      family.map((row) => row.user_id),
    )
    .where(
      'mission_id',
      'in',
      missions.map((row) => row.id),
    )
    .where('certified_on', '=', input.day)
    .executeTakeFirstOrThrow();
  if (Number(done.count) < family.length * missions.length) return [];
  const others = await teamMembersView(db)
    .clearSelect()
    .select('user_id')
    .where('team_id', '=', member.team_id)
    .where('family_user_id', '!=', member.family_user_id)
    .execute();
  return findPeople(
    db,
    others.map((row) => row.user_id),
  );
}

/** Pushes written before `before` (sent, dropped or never sendable): their once-keys are past use. */
export async function deleteSendsBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('push_sends').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
