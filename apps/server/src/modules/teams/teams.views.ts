import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What other modules' repositories may compose of the teams module's tables (decision 016): the
 * challenges, their rounds (sub-challenges), teams and who is in them. Read shapes only; changes go
 * through the teams services.
 */
export function challengesView(db: Kysely<Database>) {
  return db.selectFrom('challenges').selectAll();
}

export function roundsView(db: Kysely<Database>) {
  return db.selectFrom('sub_challenges').selectAll();
}

export function teamsView(db: Kysely<Database>) {
  return db.selectFrom('teams').selectAll();
}

/** Who takes part in which round and team (a person's participation). */
export function teamMembersView(db: Kysely<Database>) {
  return db.selectFrom('team_members').selectAll();
}

/** Direct invitations between families and what became of them. */
export function teamInvitationsView(db: Kysely<Database>) {
  return db.selectFrom('team_invitations').selectAll();
}

/** A closed round's frozen standings: each team's place, and each member's place in their team. */
export function roundTeamResultsView(db: Kysely<Database>) {
  return db.selectFrom('round_team_results').selectAll();
}

export function roundMemberResultsView(db: Kysely<Database>) {
  return db.selectFrom('round_member_results').selectAll();
}
