import { useState } from 'react';
import { Link } from 'react-router';
import { checkHealth } from '../../../shared/api/client.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { messages } from '../../../shared/messages.ts';
import { withLoadingOverlay } from '../../../shared/stores/ui-store.ts';
import { NoticeMessage } from '../../../shared/ui/notice-message.tsx';
import { KakaoLoginButton } from '../components/kakao-login-button.tsx';
import styles from './login-auth-page.module.css';

type LoginStart = 'idle' | 'checking' | 'unavailable' | 'notYetAvailable';

/**
 * /login/auth. The social login never starts while the server is unhealthy (spec §4). The Kakao
 * redirect itself arrives with the login feature; until then a healthy check says so honestly.
 */
export function LoginAuthPage() {
  useDocumentTitle(messages.pages.loginAuth);
  const [start, setStart] = useState<LoginStart>('idle');

  const startKakaoLogin = async () => {
    setStart('checking');
    const healthy = await withLoadingOverlay(checkHealth);
    setStart(healthy ? 'notYetAvailable' : 'unavailable');
  };

  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <img className={styles.logo} src="/favicon.svg" alt="" width={72} height={72} />
        <h1 className={styles.title}>{messages.pages.loginAuth}</h1>
        <p className={styles.tagline}>{messages.auth.tagline}</p>
      </section>

      <section className={styles.actions}>
        <KakaoLoginButton onClick={() => void startKakaoLogin()} disabled={start === 'checking'} />
        {start === 'unavailable' && (
          <NoticeMessage tone="error">{messages.auth.healthCheckFailed}</NoticeMessage>
        )}
        {start === 'notYetAvailable' && (
          <NoticeMessage tone="info">{messages.auth.kakaoComingSoon}</NoticeMessage>
        )}
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
