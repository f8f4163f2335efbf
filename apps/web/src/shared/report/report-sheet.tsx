import type { ReportReason } from '@hamkke/contract/mission/report';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiErrorCode, errorMessageFor } from '../api/api-error.ts';
import { reportCertificationEndpoint } from '@hamkke/contract/routes';
import { callApi } from '../api/client.ts';
import { reportMessages as m } from '../messages/reports.ts';
import { BottomSheet } from '../ui/bottom-sheet.tsx';
import { Button } from '../ui/button.tsx';
import { RadioChoices } from '../ui/radio.tsx';
import { TextField } from '../ui/text-field.tsx';
import { showToast } from '../ui/toast.tsx';
import styles from './report.module.css';

const reasons = Object.keys(m.reasons) as ReportReason[];

/** Seen on a shared day (with its link) or in a team (decision 045). */
function reportCertification(input: {
  certificationId: string;
  reason: ReportReason;
  note?: string;
  shareUuid?: string;
}) {
  return callApi(reportCertificationEndpoint, input);
}

/** The reasons (one tab stop, arrow keys between them), a note for 기타, and the one action. */
export function ReportSheet({
  open,
  onOpenChange,
  certificationId,
  shareUuid,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  certificationId: string;
  shareUuid?: string;
}) {
  const legendId = useId();
  const [reason, setReason] = useState<ReportReason>('INAPPROPRIATE_PHOTO');
  const [note, setNote] = useState('');
  const send = useMutation({
    mutationFn: () =>
      reportCertification({
        certificationId,
        reason,
        ...(reason === 'OTHER' && note.trim() !== '' ? { note: note.trim() } : {}),
        ...(shareUuid ? { shareUuid } : {}),
      }),
    onSuccess: () => {
      showToast(m.done);
      onOpenChange(false);
    },
    onError: (error) => {
      // 409 is the one report a person may send, sent already (decision 045).
      if (apiErrorCode(error) === 'CONFLICT') {
        showToast(m.already);
        onOpenChange(false);
      } else showToast(errorMessageFor(error));
    },
  });
  return (
    <BottomSheet
      open={open}
      onOpenChange={onOpenChange}
      title={m.sheetTitle}
      description={m.sheetDescription}
      footer={
        <Button
          block
          variant="danger"
          aria-busy={send.isPending}
          disabled={send.isPending}
          onClick={() => send.mutate()}
        >
          {m.submit}
        </Button>
      }
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate();
        }}
      >
        <h3 id={legendId} className={styles.legend}>
          {m.reasonLegend}
        </h3>
        <RadioChoices
          labelledBy={legendId}
          name="report-reason"
          value={reason}
          onValueChange={(value) => setReason(value as ReportReason)}
          choices={reasons.map((value) => ({
            value,
            label: m.reasons[value],
            description: m.reasonHints[value],
          }))}
        />
        {reason === 'OTHER' && (
          <TextField
            label={m.noteLabel}
            hint={m.noteHint}
            value={note}
            onValueChange={setNote}
            maxLength={200}
          />
        )}
      </form>
    </BottomSheet>
  );
}
