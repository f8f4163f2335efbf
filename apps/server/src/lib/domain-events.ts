import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Things one module does that others keep records of, handled inside the transaction of the write
 * that caused them: a certification and the team scores and badges it earns commit together or
 * not at all. A module registers its handlers in one place, its `<domain>.module.ts`, when its services
are built (never inside a service); nothing is queued in memory.
 */
export interface DomainEventPayloads {
  /** A certification was stored. */
  certified: {
    /** Its id (its photos are attached already: the reused-photo check reads them, decision 069). */
    certificationId: number;
    userId: number;
    missionId: number;
    subChallengeId: number;
    day: string;
    createdAt: string;
  };
  /** A certification was deleted (its author, the same day). */
  certificationDeleted: {
    userId: number;
    missionId: number;
    subChallengeId: number;
    day: string;
    createdAt: string;
  };
  /** An operator hid a certification: it stops counting, as if deleted, but its row stays. */
  certificationHidden: {
    userId: number;
    missionId: number;
    subChallengeId: number;
    day: string;
    createdAt: string;
  };
  /** An operator showed a hidden certification again: it counts again. */
  certificationRestored: {
    userId: number;
    missionId: number;
    subChallengeId: number;
    day: string;
    createdAt: string;
  };
  /**
   * An operator suspended accounts (a parent and their children): every session of theirs ends in
   * the same transaction (access tokens, auto-login cookies).
   */
  accountsSuspended: {
    userIds: number[];
    at: string;
  };
  /** A parent made an account (Kakao sign-up); nothing handles it yet but the metrics. */
  signedUp: {
    userId: number;
    at: string;
  };
  /** A direct invitation was made: the invitee is told (a push, decision 047). */
  invitationReceived: {
    teamId: number;
    teamName: string;
    inviteeId: number;
    invitationId: number;
    at: string;
  };
  /**
   * A round was closed (its results frozen, medals and rewards granted): its members are told. They
   * are the round's team members, read by the handler (100,000 of them in a national round).
   */
  roundClosed: {
    subChallengeId: number;
    at: string;
  };
  /**
   * An operator marked rewards paid (the console's payout): each moved from pending to paid now,
   * once. Their holders and, for a child, the parent are told: the reward notice shows again
   * (teams), a push (push; decision 066).
   */
  rewardsPaid: {
    rewards: { rewardId: number; userId: number; teamId: number; subChallengeId: number }[];
    at: string;
  };
  /** People joined a team: a parent with their children, by link or by an accepted invitation. */
  teamJoined: {
    teamId: number;
    userIds: number[];
    /** Who brought them: the inviter of a direct invitation, the team's manager for a link. */
    invitedBy: number | null;
    at: string;
  };
}

export type DomainEventName = keyof DomainEventPayloads;
type Handler<N extends DomainEventName> = (
  trx: Kysely<Database>,
  payload: DomainEventPayloads[N],
) => Promise<void>;

export function createDomainEvents(options: { onEmitted?: (name: DomainEventName) => void } = {}) {
  const handlers: { [N in DomainEventName]: Handler<N>[] } = {
    certified: [],
    certificationDeleted: [],
    certificationHidden: [],
    certificationRestored: [],
    teamJoined: [],
    accountsSuspended: [],
    signedUp: [],
    invitationReceived: [],
    roundClosed: [],
    rewardsPaid: [],
  };
  return {
    on<N extends DomainEventName>(name: N, handler: Handler<N>): void {
      handlers[name].push(handler);
    },
    /** Runs every handler, in registration order, on the caller's transaction. */
    async emit<N extends DomainEventName>(trx: Kysely<Database>, name: N, payload: DomainEventPayloads[N]) {
      for (const handler of handlers[name]) await handler(trx, payload);
      // Counted when emitted (the metrics): a write that rolls back after its event still counted.
      options.onEmitted?.(name);
    },
  };
}
export type DomainEvents = ReturnType<typeof createDomainEvents>;
