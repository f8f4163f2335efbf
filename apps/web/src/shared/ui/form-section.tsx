import { useId, type FormEvent, type ReactNode } from 'react';
import styles from './form-section.module.css';

interface FormSectionProps {
  /** The section's heading (an h2), which also names the section for screen readers. */
  title: string;
  /** A line under the heading: what the form does. */
  description?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** One titled form in a card, as the my pages have several (rename, new password, add a child…). */
export function FormSection({ title, description, onSubmit, children }: FormSectionProps) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {description !== undefined && <p className={styles.description}>{description}</p>}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </section>
  );
}
