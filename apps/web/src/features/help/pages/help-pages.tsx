import { Accordion } from '@base-ui/react/accordion';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, CircleHelp } from 'lucide-react';
import { formatSeoulDate } from '../../../shared/format/date.ts';
import { messages } from '../../../shared/messages.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PlainText } from '../../../shared/ui/plain-text.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { faqListQueryOptions, serviceInfoQueryOptions } from '../api/content.ts';
import { groupFaqs } from '../help-rules.ts';
import styles from './help-pages.module.css';

/** /my/faq: questions by category, each answer opening under its question. */
export function FaqPage() {
  const faqs = useQuery(faqListQueryOptions());
  let content;
  if (faqs.isPending) content = <Skeleton heading lines={6} label={messages.common.loading} />;
  else if (faqs.isError)
    content = (
      <ErrorState error={faqs.error} onRetry={() => void faqs.refetch()} retrying={faqs.isFetching} />
    );
  else if (faqs.data.length === 0)
    content = <EmptyState icon={CircleHelp} message={messages.help.faqEmpty} />;
  else
    content = groupFaqs(faqs.data).map((group, index) => (
      <section key={group.category} className={styles.group} aria-labelledby={`faq-group-${index}`}>
        <h2 id={`faq-group-${index}`} className={styles.category}>
          {group.category}
        </h2>
        <Accordion.Root className={styles.accordion} multiple>
          {group.faqs.map((faq) => (
            <Accordion.Item key={faq.faqId} value={faq.faqId} className={styles.item}>
              <Accordion.Header className={styles.header}>
                <Accordion.Trigger className={styles.trigger}>
                  <span className={styles.q} aria-hidden="true">
                    Q
                  </span>
                  <span className={styles.question}>{faq.question}</span>
                  <ChevronDown aria-hidden="true" size={20} className={styles.chevron} />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Panel className={styles.panel}>
                <PlainText text={faq.answer} className={styles.answer} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </section>
    ));
  return (
    <Page title={messages.pages.myFaq} backTo="/my">
      {content}
    </Page>
  );
}

/** /my/serviceinfo: the operator's service information. */
export function ServiceInfoPage() {
  const info = useQuery(serviceInfoQueryOptions());
  let content;
  if (info.isPending) content = <Skeleton heading lines={8} label={messages.common.loading} />;
  else if (info.isError)
    content = (
      <ErrorState error={info.error} onRetry={() => void info.refetch()} retrying={info.isFetching} />
    );
  else
    content = (
      <article className={styles.info} aria-labelledby="service-info-title">
        <h2 id="service-info-title" className={styles.infoTitle}>
          {info.data.title}
        </h2>
        <PlainText text={info.data.content} className={styles.infoText} />
        <p className={styles.updated}>{messages.help.updatedAt(formatSeoulDate(info.data.updatedAt))}</p>
      </article>
    );
  return (
    <Page title={messages.pages.myServiceInfo} backTo="/my">
      {content}
    </Page>
  );
}
