import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '@/shared/routing/link.tsx';
import { useSearchParams } from '@/shared/routing/location.ts';
import { useDocumentTitle } from '@/shared/hooks/use-document-title.ts';
import { parseLoginReason } from '@/shared/lib/login-path.ts';
import { isValidInvite, readTeamInvite } from '@/shared/lib/team-invite.ts';
import { messages } from '@/shared/messages.ts';
import { withLoadingOverlay } from '@/shared/stores/ui-store.ts';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { startKakaoLogin } from '../api/kakao-login.ts';
import { KakaoLoginButton } from '../components/kakao-login-button.tsx';
import { loginFailureMessage, reasonNotice } from '../login-rules.ts';
import styles from './login-auth-page.module.css';

// Only a visitor holding an invite link sees it: loaded then, not with every first visit.
const InviteGreeting = lazy(async () => ({
  default: (await import('../components/invite-greeting.tsx')).InviteGreeting,
}));

type LoginStart = { kind: 'idle' } | { kind: 'starting' } | { kind: 'failed'; message: string };

/**
 * /login/auth. The Kakao login starts only after a healthy health check (spec §4); `?reason=` says
 * why someone was sent here (consent denied, under 19, session over…).
 */
export function LoginAuthPage() {
  useDocumentTitle(messages.pages.loginAuth);
  const [searchParams] = useSearchParams();
  const [start, setStart] = useState<LoginStart>({ kind: 'idle' });
  const reason = reasonNotice(parseLoginReason(searchParams.get('reason')));
  // Came by an invite link (kept while logging in, spec §4): say who invited them to what.
  const [invite] = useState(() => {
    const stored = readTeamInvite();
    return isValidInvite(stored) ? stored : null;
  });

  // Coming back from Kakao with the browser's back button restores this page as it was left.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setStart({ kind: 'idle' });
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const startLogin = async () => {
    setStart({ kind: 'starting' });
    try {
      const result = await withLoadingOverlay(startKakaoLogin);
      // While the browser leaves for Kakao the button stays busy.
      if (result === 'unavailable') setStart({ kind: 'failed', message: messages.auth.healthCheckFailed });
    } catch (error) {
      setStart({ kind: 'failed', message: loginFailureMessage(error) });
    }
  };

  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <img className={styles.logo} src="/favicon.svg" alt="" width={72} height={72} />
        <h1 className={styles.title}>{messages.pages.loginAuth}</h1>
        <p className={styles.tagline}>{messages.auth.tagline}</p>
      </section>

      {invite && (
        <Suspense fallback={null}>
          <InviteGreeting teamId={invite.teamId} />
        </Suspense>
      )}

      <section className={styles.actions}>
        {reason && start.kind !== 'failed' && (
          <NoticeMessage tone={reason.tone}>{reason.message}</NoticeMessage>
        )}
        <KakaoLoginButton onClick={() => void startLogin()} disabled={start.kind === 'starting'} />
        {start.kind === 'failed' && <NoticeMessage tone="error">{start.message}</NoticeMessage>}
        <p className={styles.children}>
          {messages.auth.childrenLoginHint}{' '}
          <Link to="/login/children" className={styles.childrenLink}>
            {messages.auth.childrenLogin}
          </Link>
        </p>
      </section>
    </div>
  );
}
