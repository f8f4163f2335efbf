import { KakaoError } from '../../kakao/kakao-client.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Kakao's failures as the error codes whose Korean messages spec §8 lists. A token Kakao refuses is
 * the caller's mistake (401); Kakao away or answering oddly is Kakao's (503). The messages are fixed
 * sentences: Kakao's own codes and statuses never reach the client.
 */
export function appErrorFromKakao(error: unknown, step: 'token' | 'profile' | 'call'): never {
  if (!(error instanceof KakaoError)) throw error;
  switch (error.kind) {
    case 'INVALID_GRANT':
      if (step === 'token')
        throw new AppError('KAKAO_INVALID_CODE', 'The authorization code is invalid or used');
      throw new AppError('KAKAO_TOKEN_FAILED', 'The Kakao access token is invalid or expired');
    case 'INVALID_TOKEN':
      throw new AppError('KAKAO_TOKEN_FAILED', 'The Kakao access token is invalid or expired');
    case 'UNAVAILABLE':
      throw new AppError('KAKAO_UNAVAILABLE', 'Kakao did not answer');
    case 'INVALID_CLIENT':
    case 'PROTOCOL':
      throw new AppError('KAKAO_UNAVAILABLE', 'Kakao could not complete the request');
  }
}
