import { PhoneOff, UserRoundX } from 'lucide-react';
import { Navigate } from '@/shared/routing/link.tsx';
import { LOGIN_PATH } from '@/shared/lib/login-path.ts';
import { messages } from '@/shared/messages.ts';
import { useLoggedIn, useSessionStore } from '@/shared/stores/session-store.ts';
import { ButtonLink } from '@/shared/ui/button.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { AgreementForm } from '../components/agreement-form.tsx';
import { ChildLinkPage } from '../components/child-link-page.tsx';
import { ChildrenLoginForm } from '../components/children-login-form.tsx';
import { LoginResult } from '../components/login-result.tsx';
import { useKakaoCallback } from '../hooks/use-kakao-callback.ts';

/** The login screens after /login/auth (spec §2, §4). */

function BackToLogin() {
  return (
    <ButtonLink to={LOGIN_PATH} replace block>
      {messages.auth.backToLogin}
    </ButtonLink>
  );
}

/** /login/callback: Kakao's return address. */
export function LoginCallbackPage() {
  const view = useKakaoCallback();
  switch (view.kind) {
    case 'working':
      return (
        <Page title={messages.pages.loginCallback}>
          <NoticeMessage tone="info">{messages.auth.checkingKakao}</NoticeMessage>
        </Page>
      );
    case 'under19':
      return (
        <LoginResult
          title={messages.auth.under19Title}
          icon={UserRoundX}
          actions={
            <>
              <BackToLogin />
              <ButtonLink to="/login/children" variant="secondary" block>
                {messages.auth.loginAsChild}
              </ButtonLink>
            </>
          }
        >
          <p>{messages.auth.under19Body}</p>
        </LoginResult>
      );
    case 'emptyPhoneNumber':
      return (
        <LoginResult title={messages.auth.emptyPhoneTitle} icon={PhoneOff} actions={<BackToLogin />}>
          <p>{messages.auth.emptyPhoneBody}</p>
        </LoginResult>
      );
    case 'failed':
      return (
        <Page title={messages.auth.loginFailedTitle}>
          <NoticeMessage tone="error">{view.message}</NoticeMessage>
          <BackToLogin />
        </Page>
      );
  }
}

/** /login/agreement: open while a first Kakao login waits for consent (see route-guards.ts). */
export function LoginAgreementPage() {
  const loggedIn = useLoggedIn();
  const kakaoToken = useSessionStore((state) => state.kakaoToken);
  if (loggedIn) return <Navigate to="/home" replace />;
  if (!kakaoToken) return <Navigate to={LOGIN_PATH} replace />;
  return <AgreementForm kakaoToken={kakaoToken} />;
}

/** /login/children: child login with id and password, or the autoLogin cookie. */
export function ChildrenLoginPage() {
  return (
    <Page
      title={messages.pages.loginChildren}
      backTo={LOGIN_PATH}
      description={messages.childrenLogin.description}
    >
      <ChildrenLoginForm />
    </Page>
  );
}

/** /login/id/{token}: a child registers with the one-time link a parent made. */
export function ChildRegisterPage() {
  return <ChildLinkPage purpose="REGISTER" />;
}

/** /login/pw/{token}: a child sets a new password with the one-time link a parent made. */
export function ChildPasswordPage() {
  return <ChildLinkPage purpose="RESET_PASSWORD" />;
}
