import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '@/shared/routing/location.ts';
import { loginPathWithReason } from '@/shared/lib/login-path.ts';
import { messages } from '@/shared/messages.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { withLoadingOverlay } from '@/shared/stores/ui-store.ts';
import { childConsentPending, exchangeKakaoCode, finishKakaoLogin } from '../api/kakao-login.ts';
import { loginFailureMessage, nextStepFor, readCallbackParams } from '../login-rules.ts';

/** What /login/callback shows while and after it works; success leaves the page instead. */
export type CallbackView =
  | { kind: 'working' }
  | { kind: 'under19' }
  | { kind: 'emptyPhoneNumber' }
  | { kind: 'failed'; message: string };

/**
 * The return address of the Kakao login (spec §4): exchanges the code once, then logs in (USER),
 * keeps the Kakao token for the consent screen (NEED_AGREEMENT) or shows why it stopped.
 */
export function useKakaoCallback(): CallbackView {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [view, setView] = useState<CallbackView>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // A code can be exchanged once: StrictMode's second run of this effect must not send it again.
    if (started.current) return;
    started.current = true;

    const params = readCallbackParams(searchParams);
    if (params.kind === 'denied') {
      void navigate(loginPathWithReason('consent_denied'), { replace: true });
      return;
    }
    if (params.kind !== 'exchange') {
      setView({
        kind: 'failed',
        message: params.kind === 'kakaoError' ? messages.auth.kakaoError : messages.auth.noTokenInfo,
      });
      return;
    }

    void withLoadingOverlay(async () => {
      try {
        const exchange = await exchangeKakaoCode(params.code, params.state);
        const step = nextStepFor(exchange.outcome);
        if (step === 'under19' || step === 'emptyPhoneNumber') {
          setView({ kind: step });
          return;
        }
        // Spec §5: a missing access token is an error.
        if (!exchange.kakaoToken) {
          setView({ kind: 'failed', message: messages.auth.noTokenInfo });
          return;
        }
        if (step === 'agreement') {
          useSessionStore.getState().setPendingAgreement(exchange.kakaoToken);
          void navigate('/login/agreement', { replace: true });
          return;
        }
        if (!exchange.userInfo) {
          setView({ kind: 'failed', message: messages.auth.loginFailed });
          return;
        }
        await finishKakaoLogin(exchange.userInfo, exchange.kakaoToken);
        // A child's guardian consent to give again comes first (decision 038).
        void navigate((await childConsentPending()) ? '/my/children' : '/home', { replace: true });
      } catch (error) {
        setView({ kind: 'failed', message: loginFailureMessage(error) });
      }
    });
  }, [navigate, searchParams]);

  return view;
}
