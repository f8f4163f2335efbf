import { AppError } from '../../lib/app-error.ts';
import { createRateLimiter, type CounterStore } from '../../lib/rate-limiter.ts';
import type { KakaoClient } from '../../kakao/kakao-client.ts';
import { appErrorFromKakao } from './kakao-errors.ts';
import type { UsersService } from '../users/users.service.ts';

/** Messages a person may send themself per minute (each one reaches Kakao). */
const MESSAGES_PER_MINUTE = 10;

/**
 * 카카오톡 "나에게 보내기": a parent sends themself a link of this app (an invite link, a shared day)
 * to forward it in KakaoTalk. The Kakao token must be the caller's own (Kakao says whose it is);
 * children have no Kakao account. With no REST key the local emulator receives the message.
 */
export function createKakaoMessageService(deps: {
  users: UsersService;
  kakao: KakaoClient;
  counters: CounterStore;
}) {
  const limiter = createRateLimiter(deps.counters, {
    name: 'kakao-message',
    limit: MESSAGES_PER_MINUTE,
    windowMs: 60_000,
  });
  const fromKakao = (error: unknown): never => appErrorFromKakao(error, 'call');

  return {
    async sendToMe(
      userId: number,
      input: { accessToken: string; text: string; path: string; buttonTitle: string },
      origin: string,
    ) {
      const user = await deps.users.findById(userId);
      if (!user || user.user_type !== 'PARENT' || user.kakao_id === null) {
        throw new AppError('FORBIDDEN', 'Only a parent signed in with Kakao sends Kakao messages');
      }
      await limiter.consume(String(userId));
      const profile = await deps.kakao.getProfile(input.accessToken).catch(fromKakao);
      if (profile.kakaoId !== user.kakao_id) throw new AppError('FORBIDDEN', 'The Kakao token is not yours');
      const url = `${origin}${input.path}`;
      await deps.kakao
        .sendToMe(input.accessToken, {
          object_type: 'text',
          text: input.text,
          link: { web_url: url, mobile_web_url: url },
          button_title: input.buttonTitle,
        })
        .catch(fromKakao);
      return { sent: true as const };
    },
  };
}
export type KakaoMessageService = ReturnType<typeof createKakaoMessageService>;
