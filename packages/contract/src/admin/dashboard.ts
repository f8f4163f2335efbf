import { z } from 'zod';
import { adminChallengeTypeSchema, adminRoundStateSchema } from './challenges.ts';
import { defineAdminEndpoint } from './endpoint.ts';

/** Days a dashboard covers: today and the 29 Seoul days before it. */
export const DASHBOARD_DAYS = 30;

/**
 * One Seoul day of the service (every day of the window is there, zero when nothing happened):
 * - `certifications`: certifications that count for that Seoul day (`certified_on`);
 * - `signUps`: parent (Kakao) accounts created on that Seoul day — children are made by parents and
 *   not counted;
 * - `activeFamilies`: families with at least one certification that day (a child counts for the
 *   parent who made the account; a parent is their own family).
 */
export const adminDashboardDaySchema = z.object({
  day: z.string(),
  certifications: z.number().int().nonnegative(),
  signUps: z.number().int().nonnegative(),
  activeFamilies: z.number().int().nonnegative(),
});
export type AdminDashboardDay = z.infer<typeof adminDashboardDaySchema>;

/**
 * A round seen from the dashboard: every round not ended before the window's first day.
 * - `certified` / `possible`: the team ranking's figures summed over the round's teams — the
 *   certifications that count for a team (always teams: since the member joined) against missions ×
 *   the days each member could certify, from the round's start (always teams: the day they joined)
 *   to its end or today, whichever comes first.
 * - `completionRate` = certified ÷ possible (0–1, capped at 1); `null` before the round has a day.
 * - `onTrack`: members whose own certified ÷ possible so far reaches the round's reward threshold
 *   (`rewardThresholdPct`, 80% by default) — those who would be rewarded if the round closed now;
 *   for an ended round, those it rewarded by that rule. `null` for always rounds (they never close) and
 *   for rounds that have not begun.
 */
export const adminDashboardRoundSchema = z.object({
  subChallengeId: z.string(),
  challengeTitle: z.string(),
  roundTitle: z.string(),
  challengeType: adminChallengeTypeSchema,
  state: adminRoundStateSchema,
  startDate: z.string(),
  endDate: z.string().nullable(),
  teams: z.number().int().nonnegative(),
  members: z.number().int().nonnegative(),
  certified: z.number().int().nonnegative(),
  possible: z.number().int().nonnegative(),
  completionRate: z.number().min(0).max(1).nullable(),
  rewardThresholdPct: z.number().int(),
  onTrack: z.number().int().nonnegative().nullable(),
});
export type AdminDashboardRound = z.infer<typeof adminDashboardRoundSchema>;

export const adminDashboardEndpoint = defineAdminEndpoint({
  path: 'dashboard/summary',
  access: 'operator',
  summary: '대시보드: 오늘과 최근 30일(서울 날짜)의 인증·가입·활동 가족, 기수별 팀 수와 완료율',
  request: z.object({}),
  response: z.object({
    /** Today's Seoul day: the last of `days`. */
    today: z.string(),
    /** Oldest first, {@link DASHBOARD_DAYS} of them, ending today. */
    days: z.array(adminDashboardDaySchema),
    /**
     * Families with at least one certification over the whole window, each counted once (not the
     * sum of the days' `activeFamilies`, which counts a family every day it was active).
     */
    activeFamilies: z.number().int().nonnegative(),
    /** Running first, then recruiting, upcoming and ended; newest start first within each. */
    rounds: z.array(adminDashboardRoundSchema),
  }),
});
