import { Link } from '@/shared/routing/link.tsx';
import { messages } from '@/shared/messages.ts';
import styles from './terms-view-link.module.css';

/** "보기" beside a consent item: opens the full text in a new window, so the ticks made here stay. */
export function TermsViewLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      className={styles.view}
      aria-label={`${label} ${messages.agreement.opensInNewWindow}`}
    >
      {messages.agreement.view}
    </Link>
  );
}
