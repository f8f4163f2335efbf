import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from './button.tsx';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  /** A decorative picture; hidden from screen readers. */
  icon: LucideIcon;
  message: string;
  /** The one thing to do next. */
  action?: { label: string; to: string };
  children?: ReactNode;
}

/** An empty or not-yet-built screen: one picture, one sentence, one action (design.md). */
export function EmptyState({ icon: Icon, message, action, children }: EmptyStateProps) {
  return (
    <section className={styles.empty}>
      <span className={styles.picture} aria-hidden="true">
        <Icon size={40} strokeWidth={1.75} />
      </span>
      <p className={styles.message}>{message}</p>
      {children}
      {action && (
        <ButtonLink to={action.to} variant="secondary" className={styles.action}>
          {action.label}
        </ButtonLink>
      )}
    </section>
  );
}
