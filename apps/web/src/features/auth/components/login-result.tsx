import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Page } from '@/shared/ui/page.tsx';
import styles from './login-result.module.css';

interface LoginResultProps {
  /** The page's h1: what happened. */
  title: string;
  icon: LucideIcon;
  /** What to do next. */
  children: ReactNode;
  actions: ReactNode;
}

/** A login that ended without a session: what happened, what to do, and the way back. */
export function LoginResult({ title, icon: Icon, children, actions }: LoginResultProps) {
  return (
    <Page title={title}>
      <span className={styles.picture} aria-hidden="true">
        <Icon size={40} strokeWidth={1.75} />
      </span>
      <div className={styles.body}>{children}</div>
      <div className={styles.actions}>{actions}</div>
    </Page>
  );
}
