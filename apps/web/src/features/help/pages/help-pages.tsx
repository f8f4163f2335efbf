import { Accordion } from '@base-ui/react/accordion';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, CircleHelp } from 'lucide-react';
import { formatSeoulDate } from '@/shared/format/date.ts';
import { messages } from '@/shared/messages.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { PlainText } from '@/shared/ui/plain-text.tsx';
import { QueryState } from '@/shared/ui/query-state.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { faqListQueryOptions, serviceInfoQueryOptions } from '../api/content.ts';
import { groupFaqs } from '../help-rules.ts';
import styles from './help-pages.module.css';
import { helpMessages } from '@/shared/messages/content.ts';

/** /my/faq: questions by category, each answer opening under its question. */
export function FaqPage() {
  const faqs = useQuery(faqListQueryOptions());
  return (
    <Page title={messages.pages.myFaq} backTo="/my">
      <QueryState query={faqs} loading={<Skeleton heading lines={6} label={messages.common.loading} />}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={CircleHelp} message={helpMessages.faqEmpty} />
          ) : (
            <FaqGroups faqs={list} />
          )
        }
      </QueryState>
    </Page>
  );
}

function FaqGroups({ faqs }: { faqs: Parameters<typeof groupFaqs>[0] }) {
  return groupFaqs(faqs).map((group, index) => (
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
}

/** /my/serviceinfo: the operator's service information. */
export function ServiceInfoPage() {
  const info = useQuery(serviceInfoQueryOptions());
  return (
    <Page title={messages.pages.myServiceInfo} backTo="/my">
      <QueryState query={info} loading={<Skeleton heading lines={8} label={messages.common.loading} />}>
        {(page) => (
          <article className={styles.info} aria-labelledby="service-info-title">
            <h2 id="service-info-title" className={styles.infoTitle}>
              {page.title}
            </h2>
            <PlainText text={page.content} className={styles.infoText} />
            <p className={styles.updated}>{helpMessages.updatedAt(formatSeoulDate(page.updatedAt))}</p>
          </article>
        )}
      </QueryState>
    </Page>
  );
}
