import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { reportMessages } from '../messages/reports.ts';
import { useLoggedIn } from '../stores/session-store.ts';
import styles from './report.module.css';

const loadReportSheet = () => import('./report-sheet.tsx');
const ReportSheet = lazy(async () => ({ default: (await loadReportSheet()).ReportSheet }));

/**
 * "신고" under someone else's certification, for signed-in viewers only (decision 045). The sheet
 * is its own chunk, loaded on the first press (or hover/focus, to open without a wait).
 */
export function ReportButton({
  certificationId,
  missionTitle,
  shareUuid,
}: {
  certificationId: string;
  missionTitle: string;
  /** The shared day's link it is seen on; none in a team. */
  shareUuid?: string;
}) {
  const loggedIn = useLoggedIn();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  if (!loggedIn) return null;
  return (
    <>
      <div className={styles.row}>
        <button
          type="button"
          className={styles.button}
          aria-label={reportMessages.buttonLabel(missionTitle)}
          aria-haspopup="dialog"
          onPointerEnter={() => void loadReportSheet()}
          onFocus={() => void loadReportSheet()}
          onClick={() => {
            setMounted(true);
            setOpen(true);
          }}
        >
          <Flag aria-hidden="true" size={16} />
          {reportMessages.button}
        </button>
      </div>
      {mounted && (
        <Suspense fallback={null}>
          <ReportSheet
            open={open}
            onOpenChange={setOpen}
            certificationId={certificationId}
            {...(shareUuid ? { shareUuid } : {})}
          />
        </Suspense>
      )}
    </>
  );
}
