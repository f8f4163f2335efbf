import { useId, type ReactNode } from 'react';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import styles from '../admin.module.css';

/**
 * A console screen: a section named by its one h1, with the screen's own buttons beside the heading
 * (the list's "새 …", a filter, a way back). Lists, forms and details all stand inside one.
 */
export function AdminScreen(props: {
  heading: ReactNode;
  /** The heading's id, when something else points at it; a fresh one otherwise. */
  headingId?: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const freshId = useId();
  const headingId = props.headingId ?? freshId;
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.toolbar}>
        <h1 id={headingId} className={styles.heading}>
          {props.heading}
        </h1>
        {props.actions}
      </div>
      {props.children}
    </section>
  );
}

/** The line that says a change was refused (an alert); nothing while nothing failed. */
export function FailedLine({ shown, children }: { shown: boolean; children?: ReactNode }) {
  if (!shown) return null;
  return (
    <p className={styles.error} role="alert">
      {children ?? m.failed}
    </p>
  );
}

/** What a change did, read out as it appears (a status line); nothing before there is any. */
export function StatusLine({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p role="status" className={styles.result}>
      {text}
    </p>
  );
}
