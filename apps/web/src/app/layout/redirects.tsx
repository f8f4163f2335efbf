import { useEffect } from 'react';
import { Navigate } from '@/shared/routing/link.tsx';
import { appConfig } from '@/shared/config.ts';
import { messages } from '@/shared/messages.ts';
import { useLocation } from '@/shared/routing/location.ts';
import { useLoggedIn } from '@/shared/stores/session-store.ts';
import { Page } from '@/shared/ui/page.tsx';
import styles from './redirects.module.css';

/**
 * `/`: home for a session user, the login page for everyone else (spec §2). A pin gate's reason
 * (`?gate=…`) goes along to /home, which explains it.
 */
export function RootRedirect() {
  const loggedIn = useLoggedIn();
  // Its query goes along as it is (/home reads only the gate from it): the first load stays small.
  const { search } = useLocation();
  return <Navigate to={loggedIn ? `/home${search}` : '/login/auth'} replace />;
}

/** `/welcome` leaves the app for the static welcome page; the link covers a blocked redirect. */
export function WelcomeRedirect() {
  useEffect(() => {
    window.location.replace(appConfig.welcomeUrl);
  }, []);
  return (
    <Page title={messages.pages.welcome} description={messages.welcome.leaving}>
      <a href={appConfig.welcomeUrl} className={styles.link}>
        {messages.welcome.goNow}
      </a>
    </Page>
  );
}
