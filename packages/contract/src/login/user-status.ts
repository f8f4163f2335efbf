import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { sessionBodySchema, userStatusSchema } from './session.ts';

/** The signed-in person's account status (spec §7: the body is userId and loginKey). */
export const checkUserStatusEndpoint = defineEndpoint({
  path: 'login/check-user-status',
  auth: 'user',
  summary: '계정 상태 확인',
  request: sessionBodySchema,
  response: z.object({ userId: z.string(), userStatus: userStatusSchema }),
});

/** How many people use the service, for the login page (active accounts, as the header count). */
export const loginUserCountEndpoint = defineEndpoint({
  path: 'login/user-count',
  auth: 'public',
  summary: '전체 사용자 수 (로그인 화면)',
  request: z.object({}),
  response: z.object({ totalUserCnt: z.number().int() }),
});
