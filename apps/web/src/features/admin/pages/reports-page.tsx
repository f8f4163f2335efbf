import {
  adminReportDismissEndpoint,
  adminReportHideEndpoint,
  adminReportQueueEndpoint,
  adminReportSuspendEndpoint,
  reportCaseStatuses,
  type AdminReportCase,
} from '@hamkke/contract/admin/reports';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminReportsMessages as r } from '@/shared/messages/admin-reports.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { groupThousands } from '@/shared/format/count.ts';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { AdminButton, LoadedView, Pager } from './parts.tsx';
import { ReasonForm } from './people-page.tsx';

const PAGE = 20;
type Status = (typeof reportCaseStatuses)[number];

/**
 * The moderation queue (support, decision 045): reported certifications with their photos, the
 * reports and the author's history; hide, dismiss or suspend, each an audit row.
 */
export function ReportsPage() {
  const [status, setStatus] = useState<Status>('OPEN');
  const [offset, setOffset] = useState(0);
  const [announced, setAnnounced] = useState('');
  const statusId = useId();
  const queue = useQuery(consoleQuery(adminReportQueueEndpoint, { status, offset, limit: PAGE }));
  return (
    <section aria-labelledby="reports-heading">
      <div className={styles.toolbar}>
        <h1 id="reports-heading" className={styles.heading}>
          {r.heading}
        </h1>
        <label htmlFor={statusId}>
          {r.statusLabel}{' '}
          <select
            id={statusId}
            value={status}
            onChange={(event) => {
              setOffset(0);
              setStatus(event.target.value as Status);
            }}
          >
            {reportCaseStatuses.map((value) => (
              <option key={value} value={value}>
                {r.statuses[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p role="status" className={styles.muted}>
        {announced}
      </p>
      <LoadedView query={queue} isEmpty={(data) => data.items.length === 0} empty={r.empty}>
        {(data) => (
          <>
            <p className={styles.muted}>{r.total(groupThousands(data.total))}</p>
            {data.items.map((item) => (
              <ReportCase
                key={item.certification.certificationId}
                item={item}
                onDecided={(text) => setAnnounced(text)}
              />
            ))}
            <Pager offset={offset} size={PAGE} total={data.total} onOffset={setOffset} />
          </>
        )}
      </LoadedView>
    </section>
  );
}

function ReportCase({ item, onDecided }: { item: AdminReportCase; onDecided: (text: string) => void }) {
  const { certification, author } = item;
  const [form, setForm] = useState<'hide' | 'suspend' | null>(null);
  const hide = useConsoleMutation(adminReportHideEndpoint, { onSuccess: () => onDecided(r.done.HIDDEN) });
  const suspend = useConsoleMutation(adminReportSuspendEndpoint, {
    onSuccess: () => onDecided(r.done.HIDDEN),
  });
  const dismiss = useConsoleMutation(adminReportDismissEndpoint, {
    onSuccess: () => onDecided(r.done.DISMISSED),
  });
  const headingId = `report-${certification.certificationId}`;
  const hidden = certification.hiddenAt !== null;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subheading}>
        {certification.missionTitle}
      </h2>
      <p className={styles.muted}>{r.author(certification.authorAlias, certification.date)}</p>
      <div className={styles.thumbs}>
        {certification.photos.map((photo, index) => (
          <a key={photo.fileId} href={photo.url} target="_blank" rel="noreferrer">
            <img
              className={styles.thumb}
              src={photo.thumbnailUrl}
              alt={r.photo(certification.missionTitle, index + 1)}
              width={64}
              height={64}
              loading="lazy"
            />
          </a>
        ))}
      </div>
      {certification.text !== '' && <p>{certification.text}</p>}
      <p>
        <span className={`${styles.badge} ${hidden ? styles.alert : styles.draft}`}>
          {hidden ? r.hidden : r.shown}
        </span>{' '}
        {certification.hiddenReason && r.hiddenReason(certification.hiddenReason)}
      </p>
      {item.autoHiddenAt && <p className={styles.muted}>{r.autoHidden}</p>}
      <h3 className={styles.subheading}>{r.reports(item.reports.length, item.families)}</h3>
      <ul>
        {item.reports.map((report, index) => (
          <li key={index}>
            {report.reporterAlias} · {r.reasons[report.reason]}
            {report.note ? ` — ${report.note}` : ''} · {formatSeoulDateTime(report.createdAt)}
          </li>
        ))}
      </ul>
      <p className={styles.muted}>
        {r.history(author.otherReportedCertifications, author.hiddenCertifications)}
        {author.suspendedAt ? ` · ${r.suspendedAuthor}` : ''}
      </p>
      {item.status === 'OPEN' &&
        (form === null ? (
          <div className={styles.inlineForm}>
            <AdminButton variant="danger" onClick={() => setForm('hide')}>
              {r.hide}
            </AdminButton>
            <AdminButton
              variant="secondary"
              disabled={dismiss.isPending}
              onClick={() => dismiss.mutate({ certificationId: certification.certificationId })}
            >
              {r.dismiss}
            </AdminButton>
            <AdminButton variant="danger" onClick={() => setForm('suspend')}>
              {r.suspend}
            </AdminButton>
          </div>
        ) : (
          <ReasonForm
            label={form === 'hide' ? r.hideReason : r.suspendReason}
            submit={form === 'hide' ? r.confirmHide : r.confirmSuspend}
            onCancel={() => setForm(null)}
            onSubmit={async (reason) => {
              const request = { certificationId: certification.certificationId, reason };
              await (form === 'hide' ? hide : suspend).mutateAsync(request);
            }}
          />
        ))}
      {dismiss.error !== null && (
        <p className={styles.error} role="alert">
          {m.failed}
        </p>
      )}
    </article>
  );
}
