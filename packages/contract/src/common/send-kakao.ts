import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { kakaoAccessTokenSchema } from '../login/session.ts';

export const KAKAO_MESSAGE_TEXT_MAX = 200;

/**
 * Kakao "send to me" (talk/memo): a parent sends themself a message with a link, e.g. a team's invite
 * link or a shared day, to forward it in KakaoTalk. Uses the caller's Kakao access token from login.
 */
export const sendKakaoEndpoint = defineEndpoint({
  path: 'common/send-kakao',
  auth: 'user',
  summary: '카카오톡 나에게 보내기',
  request: z.object({
    accessToken: kakaoAccessTokenSchema,
    text: z.string().trim().min(1).max(KAKAO_MESSAGE_TEXT_MAX),
    /** A path of this app (e.g. `/team/12/34/challenge`); the server makes the full link. */
    path: z
      .string()
      .max(500)
      .regex(/^\/[A-Za-z0-9/_\-.?=&%]*$/, 'must be a path of this app'),
    buttonTitle: z.string().trim().min(1).max(14).default('열어 보기'),
  }),
  response: z.object({ sent: z.literal(true) }),
});
