import type { TermsDocument as TermsDocumentData } from '@hamkke/contract/home/terms';
import { formatFullDay } from '@/shared/format/date.ts';
import { messages } from '@/shared/messages.ts';
import styles from './terms-document.module.css';

/** One version of a legal document; its content is plain text with blank lines between paragraphs. */
export function TermsDocument({ document }: { document: TermsDocumentData }) {
  const paragraphs = document.content
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <article className={styles.document}>
      <h2 className={styles.title}>{document.title}</h2>
      <p className={styles.effective}>
        {messages.terms.effectiveFrom(formatFullDay(document.effectiveDate))}
      </p>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className={styles.paragraph}>
          {paragraph}
        </p>
      ))}
    </article>
  );
}
