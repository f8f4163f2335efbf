import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { formatSeoulDayTime } from '@/shared/format/date.ts';
import { dataExportMessages as text } from '@/shared/messages/my.ts';
import { Button } from '@/shared/ui/button.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { dataExportQueryOptions, downloadDataExport, requestDataExport } from '../api/data-export.ts';
import styles from './my.module.css';

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)}MB`
    : `${Math.max(1, Math.round(bytes / 1024))}KB`;

/**
 * /my, for a verified parent: asks for the family's data, shows the job's progress while it is
 * built, then the ZIP to save until its link ends (24 hours).
 */
export function DataExportCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { data: current } = useQuery(dataExportQueryOptions(userId));
  const request = useMutation({
    mutationFn: () => requestDataExport(queryClient, userId),
    onError: (error) => showToast(errorMessageFor(error)),
  });
  const save = useMutation({
    mutationFn: ({ path, day }: { path: string; day: string }) =>
      downloadDataExport(path, text.fileName(day)),
    onError: (error) => showToast(errorMessageFor(error)),
  });

  const building = current?.status === 'queued' || current?.status === 'running';
  let body;
  if (current && building) {
    const running = current.status === 'running' && current.total > 0;
    body = (
      <div className={styles.exportProgress} role="status">
        <p>
          {current.status === 'queued'
            ? text.queued
            : running
              ? text.running(current.progress, current.total)
              : text.preparing}
        </p>
        <progress
          aria-label={text.progressLabel}
          max={Math.max(current.total, 1)}
          value={running ? current.progress : undefined}
        />
      </div>
    );
  } else if (current?.status === 'done' && current.downloadPath) {
    const path = current.downloadPath;
    body = (
      <div className={styles.exportProgress} role="status">
        <p className={styles.exportReady}>{text.ready}</p>
        <Button
          block
          busy={save.isPending}
          onClick={() => save.mutate({ path, day: current.requestedAt.slice(0, 10) })}
        >
          <Download aria-hidden="true" size={20} /> {text.download(formatBytes(current.bytes ?? 0))}
        </Button>
        {current.expiresAt && (
          <p className={styles.exportHint}>{text.validUntil(formatSeoulDayTime(current.expiresAt))}</p>
        )}
      </div>
    );
  } else {
    body = (
      <>
        {current?.status === 'failed' && <p className={styles.exportHint}>{text.failed}</p>}
        {current?.status === 'expired' && <p className={styles.exportHint}>{text.expired}</p>}
        <Button block variant="secondary" busy={request.isPending} onClick={() => request.mutate()}>
          <Download aria-hidden="true" size={20} /> {current ? text.again : text.start}
        </Button>
      </>
    );
  }

  return (
    <section className={styles.exportCard} aria-labelledby="data-export-title">
      <h2 id="data-export-title" className={styles.exportTitle}>
        {text.title}
      </h2>
      <p className={styles.exportHint}>{text.description}</p>
      {body}
    </section>
  );
}
