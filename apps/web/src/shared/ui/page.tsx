import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/shared/routing/link.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { messages } from '../messages.ts';
import styles from './page.module.css';

interface PageProps {
  /** The page's h1 and browser-tab title. */
  title: string;
  /** A steadier browser-tab title when the h1 is a sentence about this visit. */
  documentTitle?: string;
  /** Where the back button leads; no back button when absent. */
  backTo?: string;
  /** A line under the title. */
  description?: ReactNode;
  children?: ReactNode;
}

/** The frame of every screen: one h1, an optional back link, then the content. */
export function Page({ title, documentTitle, backTo, description, children }: PageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        {backTo !== undefined && (
          <Link to={backTo} className={styles.back} aria-label={messages.common.back}>
            <ChevronLeft aria-hidden="true" size={24} strokeWidth={2.25} />
          </Link>
        )}
        <h1 className={styles.title}>{title}</h1>
      </div>
      {description !== undefined && <p className={styles.description}>{description}</p>}
      {children}
    </div>
  );
}
