import type { TeamAccessLevel } from '@hamkke/contract/endpoint';
import { TEAM_PUBLIC_ID_PATTERN } from '@hamkke/contract/id-pattern';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { SessionUser } from './auth.ts';

/** The caller's membership of the team an endpoint's body names. */
export interface TeamAccess {
  teamId: number;
  /** The id the caller named the team by (decision 022): the only one an answer may carry. */
  teamPublicId: string;
  teamMbrId: number;
  userId: number;
  role: 'MANAGER' | 'MEMBER';
  subChallengeId: number;
  challengeType: 'challenge' | 'always';
}

/**
 * Looks up a person's membership of a team named by its public id. The teams module builds it
 * (`services.teamMembership`); the composition root (`app.ts`) hands it to this plugin when it
 * registers it, so the plugin depends on nothing above it.
 */
export type TeamMembershipLookup = (teamPublicId: string, userId: number) => Promise<TeamAccess | null>;

declare module 'fastify' {
  interface FastifyInstance {
    teamMembership: TeamMembershipLookup;
  }
}

export function registerTeamAccess(app: FastifyInstance, lookup: TeamMembershipLookup): void {
  app.decorate('teamMembership', lookup);
}

/**
 * Team-level permissions in one place (issue 13): `member` needs a membership of the team named
 * by `teamId` in the body, `manager` its manager role. A stranger gets 404 — the team's existence
 * is not revealed — and a member who is not the manager gets 403. `null`: no well-formed `teamId`,
 * which the request schema then refuses with 400.
 */
export async function checkTeamAccess(
  app: FastifyInstance,
  level: TeamAccessLevel,
  body: unknown,
  session: SessionUser | null,
): Promise<TeamAccess | null> {
  const raw = (body as { teamId?: unknown } | null)?.teamId;
  // The body names the team by its public id (decision 022); a number or a guess is simply not found.
  const teamId = typeof raw === 'string' && TEAM_PUBLIC_ID_PATTERN.test(raw) ? raw : null;
  // A missing or malformed id is the validator's to refuse with 400 and the field.
  if (teamId === null) return null;
  if (!session) throw new AppError('NOT_FOUND', 'No such team');
  const access = await app.teamMembership(teamId, session.userId);
  if (!access) throw new AppError('NOT_FOUND', 'No such team');
  if (level === 'manager' && access.role !== 'MANAGER') {
    throw new AppError('FORBIDDEN', 'Only the team manager may do this');
  }
  return access;
}
