import type { DayMission } from '@hamkke/contract/mission/mission';
import { useQuery } from '@tanstack/react-query';
import { Share2 } from 'lucide-react';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { certificationsOnQueryOptions } from '@/shared/api/missions.ts';
import { formatShortDay } from '@/shared/format/date.ts';
import { shareLink, sharedDayUrl } from '@/shared/lib/share.ts';
import { messages } from '@/shared/messages.ts';
import { BottomSheet } from '@/shared/ui/bottom-sheet.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { CertificationView } from '@/shared/ui/certification-view.tsx';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { useDeleteCertificationMutation, useShareUuidMutation } from '../api/certification.ts';
import styles from './certification-sheet.module.css';
import { certificationMessages, shareMessages } from '@/shared/messages/missions.ts';
import { moderationMessages } from '@/shared/messages/moderation.ts';

interface CertificationSheetProps {
  mission: DayMission;
  /** The Seoul day of the certification (today's list). */
  date: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A certified mission: its photos and text, sharing the day, and deleting it on the same day. */
export function CertificationSheet({ mission, date, open, onOpenChange }: CertificationSheetProps) {
  const day = useQuery({ ...certificationsOnQueryOptions(date), enabled: open });
  const remove = useDeleteCertificationMutation();
  const share = useShareUuidMutation();
  const certification = day.data?.certifications.find(
    (item) => item.certificationId === mission.certificationId,
  );

  /** Shares the day: all of it, or only this mission's challenge (`/challenge/shared/…`, spec §2). */
  const shareDay = (only?: { challengeId: string; challengeTitle: string }) => {
    share.mutate(date, {
      onSuccess: async ({ uuid }) => {
        const day = formatShortDay(date) ?? date;
        const url = sharedDayUrl(
          window.location.origin,
          only ? { uuid, date, challengeId: only.challengeId } : { uuid, date },
        );
        const outcome = await shareLink({
          url,
          title: shareMessages.title,
          text: only ? shareMessages.challengeText(only.challengeTitle, day) : shareMessages.text(day),
        });
        if (outcome === 'copied') showToast(shareMessages.copied);
        if (outcome === 'failed') showToast(shareMessages.failed);
      },
    });
  };

  let content;
  if (day.isPending) content = <Skeleton heading lines={4} label={messages.common.loading} />;
  else if (day.isError)
    content = <ErrorState error={day.error} onRetry={() => void day.refetch()} retrying={day.isFetching} />;
  else if (!certification) content = <p className={styles.gone}>{certificationMessages.notFound}</p>;
  else
    content = (
      <div className={styles.body}>
        <CertificationView certification={certification} />
        {share.isError && <NoticeMessage tone="error">{errorMessageFor(share.error)}</NoticeMessage>}
        {remove.isError && <NoticeMessage tone="error">{errorMessageFor(remove.error)}</NoticeMessage>}
        <div className={styles.actions}>
          {certification.hiddenReason ? (
            <p className={styles.gone}>{moderationMessages.hiddenNotShared}</p>
          ) : (
            <Button variant="secondary" busy={share.isPending} onClick={() => shareDay()}>
              <Share2 aria-hidden="true" size={18} />
              {shareMessages.action}
            </Button>
          )}
          {certification.deletable && (
            <ConfirmDialog
              triggerLabel={certificationMessages.delete}
              triggerLook={{ variant: 'dangerSoft' }}
              title={certificationMessages.deleteConfirm}
              description={certificationMessages.deleteDescription}
              cancelLabel={certificationMessages.cancel}
              confirmLabel={certificationMessages.deleteAction}
              danger
              disabled={remove.isPending}
              onConfirm={() =>
                remove.mutate(certification.certificationId, {
                  onSuccess: () => {
                    showToast(certificationMessages.deleted);
                    onOpenChange(false);
                  },
                })
              }
            />
          )}
          {mission.challengeType === 'challenge' && !certification.hiddenReason && (
            <Button
              variant="secondary"
              className={styles.wide}
              busy={share.isPending}
              onClick={() =>
                shareDay({ challengeId: mission.challengeId, challengeTitle: mission.challengeTitle })
              }
            >
              <Share2 aria-hidden="true" size={18} />
              {shareMessages.challengeAction}
            </Button>
          )}
        </div>
      </div>
    );

  return (
    <BottomSheet
      open={open}
      onOpenChange={onOpenChange}
      title={certificationMessages.sheetTitle}
      description={certificationMessages.sheetDescription(formatShortDay(date) ?? date)}
    >
      {content}
    </BottomSheet>
  );
}
