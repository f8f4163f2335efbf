import { z } from 'zod';
import { isoDaySchema } from '../dates.ts';
import { idSchema } from '../ids.ts';
import { defineEndpoint } from '../endpoint.ts';
import { challengeTypeSchema, proofTypeSchema } from '../mission/mission.ts';

/**
 * A round (sub-challenge) moves with the Seoul day: upcoming → recruiting → running → ended.
 * Always rounds have no end and recruit while they run (their teams close recruiting by hand).
 * A gap between the recruiting close and the start counts as upcoming: signup is closed.
 */
export const roundStateSchema = z.enum(['upcoming', 'recruiting', 'running', 'ended']);
export type RoundState = z.infer<typeof roundStateSchema>;

export interface RoundPeriod {
  recruitStart: string;
  recruitEnd: string;
  startDate: string;
  /** `null`: an always round, which never ends. */
  endDate: string | null;
}

/** 기수의 상태는 서울 날짜 하나로 정해져요. The one place a round's state is computed. */
export function roundState(period: RoundPeriod, today: string): RoundState {
  if (period.endDate !== null && today > period.endDate) return 'ended';
  if (today >= period.startDate) return 'running';
  if (today >= period.recruitStart && today <= period.recruitEnd) return 'recruiting';
  // Before recruiting opens, or between its close and the start: not open, not running yet.
  return 'upcoming';
}

/** A challenge team can be joined or made only while its round recruits (before it starts). */
export function challengeSignupOpen(state: RoundState): boolean {
  return state === 'recruiting';
}

export const roundMissionSchema = z.object({
  missionId: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  proofType: proofTypeSchema,
});
export type RoundMission = z.infer<typeof roundMissionSchema>;

export const roundSchema = z.object({
  subChallengeId: z.string(),
  challengeId: z.string(),
  challengeType: challengeTypeSchema,
  challengeTitle: z.string(),
  challengeDescription: z.string(),
  round: z.number().int(),
  title: z.string(),
  recruitStart: isoDaySchema,
  recruitEnd: isoDaySchema,
  startDate: isoDaySchema,
  endDate: isoDaySchema.nullable(),
  /** People per team, children included. */
  maxUser: z.number().int(),
  state: roundStateSchema,
});
export type Round = z.infer<typeof roundSchema>;

export const teamRoleSchema = z.enum(['MANAGER', 'MEMBER']);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** The person's own place in a round, if any. */
export const myRoundTeamSchema = z.object({
  teamId: z.string(),
  teamMbrId: z.string(),
  name: z.string(),
  emoji: z.string(),
  role: teamRoleSchema,
});

/** Why the person cannot make a team for a round (null: they can). */
export const createTeamBlockSchema = z
  .enum(['NOT_RECRUITING', 'ALREADY_IN_TEAM', 'NOT_PIN_USER', 'CHILD'])
  .nullable();
export type CreateTeamBlock = z.infer<typeof createTeamBlockSchema>;

export const roundCardSchema = roundSchema.extend({
  missions: z.array(roundMissionSchema),
  teamCount: z.number().int(),
  memberCount: z.number().int(),
  myTeam: myRoundTeamSchema.nullable(),
  createTeamBlock: createTeamBlockSchema,
});
export type RoundCard = z.infer<typeof roundCardSchema>;

/** `/challenge`: recruiting and running rounds of every challenge and of the always program. */
export const challengeTypeEndpoint = defineEndpoint({
  path: 'team/challenge-type',
  auth: 'user',
  summary: '모집 중이거나 진행 중인 챌린지·상시 기수',
  request: z.object({ challengeType: challengeTypeSchema.optional() }),
  response: z.object({ today: isoDaySchema, rounds: z.array(roundCardSchema) }),
});

/** Whether the person may make a team for this round now (`/team/create`). */
export const checkChallengeEndpoint = defineEndpoint({
  path: 'team/check-challenge',
  auth: 'user',
  summary: '기수에 팀을 만들 수 있는지 확인',
  request: z.object({ subChallengeId: idSchema }),
  response: z.object({
    round: roundSchema,
    missions: z.array(roundMissionSchema),
    createTeamBlock: createTeamBlockSchema,
  }),
});

export const roundResultSchema = z.object({
  /** Certifications the person made in the round. */
  certified: z.number().int(),
  /** Certifications possible so far (missions × days run while the person was in the team). */
  possible: z.number().int(),
});

/** The person's rounds: `active` (recruiting or running, `/challenge`) or `ended` (`/challenge/history`). */
export const participatingChallengeEndpoint = defineEndpoint({
  path: 'challenge/participating-challenge',
  auth: 'user',
  summary: '참여 중인(또는 끝난) 기수와 내 팀',
  request: z.object({ state: z.enum(['active', 'ended']).default('active') }),
  response: z.object({
    rounds: z.array(roundSchema.extend({ team: myRoundTeamSchema, result: roundResultSchema })),
  }),
});
