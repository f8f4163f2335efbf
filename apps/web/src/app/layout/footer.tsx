import { Link } from '@/shared/routing/link.tsx';
import { appConfig } from '@/shared/config.ts';
import { messages } from '@/shared/messages.ts';
import styles from './footer.module.css';

/** tel: links want digits only ("1588-0000" → "15880000"). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The footer of /home and /login/auth (spec §2); its legal links stay in the section it is shown in. */
export function Footer({ section }: { section: '/home' | '/login' }) {
  const { company } = appConfig;
  return (
    <footer className={styles.footer}>
      <ul className={styles.links}>
        <li>
          <Link to={`${section}/termsofuse`} className={styles.link}>
            {messages.footer.termsOfUse}
          </Link>
        </li>
        <li>
          <Link to={`${section}/privacyPolicy`} className={`${styles.link} ${styles.privacy}`}>
            {messages.footer.privacyPolicy}
          </Link>
        </li>
      </ul>
      <dl className={styles.contact}>
        <div className={styles.row}>
          <dt>{messages.footer.customerService}</dt>
          <dd>
            <a href={telHref(company.customerServicePhone)} className={styles.link}>
              {company.customerServicePhone}
            </a>
          </dd>
        </div>
        <div className={styles.row}>
          <dt>{messages.footer.inquiry}</dt>
          <dd>
            <a href={`mailto:${company.inquiryEmail}`} className={styles.link}>
              {company.inquiryEmail}
            </a>
          </dd>
        </div>
      </dl>
      <dl className={styles.company}>
        <div className={styles.row}>
          <dt>{messages.footer.companyName}</dt>
          <dd>{company.name}</dd>
        </div>
        <div className={styles.row}>
          <dt>{messages.footer.ceo}</dt>
          <dd>{company.ceo}</dd>
        </div>
        <div className={styles.row}>
          <dt>{messages.footer.businessNumber}</dt>
          <dd>{company.businessNumber}</dd>
        </div>
        <div className={styles.row}>
          <dt>{messages.footer.address}</dt>
          <dd>{company.address}</dd>
        </div>
      </dl>
    </footer>
  );
}
