import type { Kysely } from 'kysely';
import type { Database, RewardKindColumn, RewardStatusColumn } from '../../db/schema.ts';
import { roundsView, teamsView } from '../teams/teams.views.ts';
import { peopleView } from '../users/users.views.ts';

/* The reward ledger as the operator console reads and settles it. */

export interface RewardFilter {
  subChallengeId?: number | undefined;
  kind?: RewardKindColumn | undefined;
  status?: RewardStatusColumn | undefined;
}

function ledger(db: Kysely<Database>, filter: RewardFilter) {
  let query = db
    .selectFrom('rewards as r')
    .innerJoin(peopleView(db).as('u'), 'u.id', 'r.user_id')
    .innerJoin(teamsView(db).as('t'), 't.id', 'r.team_id')
    .innerJoin(roundsView(db).as('s'), 's.id', 'r.sub_challenge_id');
  if (filter.subChallengeId !== undefined)
    query = query.where('r.sub_challenge_id', '=', filter.subChallengeId);
  if (filter.kind) query = query.where('r.kind', '=', filter.kind);
  if (filter.status) query = query.where('r.status', '=', filter.status);
  return query;
}

const columns = [
  'r.id',
  'r.user_id',
  'u.name',
  'u.alias',
  't.name as team_name',
  'r.sub_challenge_id',
  's.title as round_title',
  'r.kind',
  'r.unit',
  'r.amount',
  'r.item_name',
  'r.status',
  'r.rate_permille',
  'r.granted_at',
  'r.settled_at',
  'r.payout_ref',
  'r.cancel_reason',
] as const;

export async function findRewardPage(
  db: Kysely<Database>,
  input: RewardFilter & { offset: number; limit: number },
) {
  const [rows, total] = await Promise.all([
    ledger(db, input)
      .select(columns)
      .orderBy('r.granted_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    ledger(db, input)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
export type RewardLedgerRow = Awaited<ReturnType<typeof findRewardPage>>['rows'][number];

/** The whole filtered ledger, oldest first (the export), at most `limit` rows. */
export function findRewardRows(db: Kysely<Database>, filter: RewardFilter, limit: number) {
  return ledger(db, filter).select(columns).orderBy('r.granted_at').orderBy('r.id').limit(limit).execute();
}

export function findReward(db: Kysely<Database>, id: number) {
  return ledger(db, {}).select(columns).where('r.id', '=', id).executeTakeFirst();
}

/**
 * Pending → paid for the ids given; answers the rows it moved (each only once, whoever else tries),
 * with whose they are and where they were earned.
 */
export async function markRewardsPaid(
  db: Kysely<Database>,
  input: { ids: readonly number[]; payoutRef: string; now: string },
) {
  return db
    .updateTable('rewards')
    .set({ status: 'PAID', payout_ref: input.payoutRef, settled_at: input.now })
    .where('id', 'in', input.ids)
    .where('status', '=', 'PENDING')
    .returning(['id', 'user_id', 'team_id', 'sub_challenge_id'])
    .execute();
}

/** Pending → cancelled with a reason; false when it was not pending. */
export async function cancelReward(
  db: Kysely<Database>,
  input: { id: number; reason: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('rewards')
    .set({ status: 'CANCELLED', cancel_reason: input.reason, settled_at: input.now })
    .where('id', '=', input.id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
