import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What other modules' repositories may compose of the missions module's tables (decision 016): read
 * shapes, never writes (those are the missions services').
 */

/**
 * 숨겨진 인증은 어디에서도 세지 않아요: the certifications that count. An operator's hidden one
 * counts for nothing — not in team scores, rankings, streaks, badges, the header counts or a shared
 * day. The one home of that rule; every reader counts through it.
 */
export function countedCertifications(db: Kysely<Database>) {
  return db.selectFrom('mission_certifications').selectAll().where('hidden_at', 'is', null);
}

/** Every round's missions (their titles, icons and proof types). */
export function roundMissionsView(db: Kysely<Database>) {
  return db.selectFrom('missions').selectAll();
}

/** A person's own record of certifications, hidden ones included (their timeline shows them). */
export function allCertificationsView(db: Kysely<Database>) {
  return db.selectFrom('mission_certifications').selectAll();
}

/** Which person's day each share link names (reports check that a reporter holds the link). */
export function shareDaysView(db: Kysely<Database>) {
  return db.selectFrom('share_days').selectAll();
}
