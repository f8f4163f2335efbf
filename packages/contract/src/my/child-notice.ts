import { z } from 'zod';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';

/**
 * The notice a child reads about their data (issue 32 item 2, decision 039): shown at a child's
 * first sign-in until they confirm it, on any device; readable again from /my by anyone.
 */
export const childNoticeEndpoint = defineEndpoint({
  path: 'my/child-notice',
  auth: 'user',
  summary: '어린이 개인정보 안내를 볼 차례인지',
  request: emptyRequestSchema,
  /** `due`: a child who has not confirmed it yet; always false for a parent. */
  response: z.object({ due: z.boolean() }),
});

/** A child confirms the notice; it is not shown at sign-in again. Safe to repeat. */
export const childNoticeSeenEndpoint = defineEndpoint({
  path: 'my/child-notice-seen',
  auth: 'user',
  summary: '어린이 개인정보 안내 확인',
  request: emptyRequestSchema,
  response: z.object({ seen: z.literal(true) }),
});
