import type { MAX_REPORT_NOTE_LENGTH, ReportReason } from '@hamkke/contract/mission/report';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { apiErrorCode, ApiError, errorMessageFor } from '../api/api-error.ts';
import { fieldText } from '../lib/field-errors.ts';
import { reportMessages as m } from '../messages/reports.ts';
import { BottomSheet } from '../ui/bottom-sheet.tsx';
import { BoundTextField } from '../ui/bound-text-field.tsx';
import { Button } from '../ui/button.tsx';
import { RadioChoices } from '../ui/radio.tsx';
import { showToast } from '../ui/toast.tsx';
import { reportCertification } from './api/report-certification.ts';
import styles from './report.module.css';

/** The contract's reasons: the catalog names each of them (`satisfies Record<ReportReason, string>`). */
const reasons = Object.keys(m.reasons) as [ReportReason, ...ReportReason[]];
/**
 * The contract's longest note, written here so the sheet's chunk does not load the contract's
 * endpoint module (the check below fails to compile if the two differ).
 */
const NOTE_MAX = 200 satisfies typeof MAX_REPORT_NOTE_LENGTH;

/** The contract's rules for a report's reason and note (the note is read with 기타 only). */
const reportFormSchema = z.object({ reason: z.enum(reasons), note: z.string().max(NOTE_MAX) });

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
  const formId = useId();
  const { control, handleSubmit, formState, setError } = useForm<
    z.input<typeof reportFormSchema>,
    unknown,
    z.output<typeof reportFormSchema>
  >({
    resolver: standardSchemaResolver(reportFormSchema),
    defaultValues: { reason: 'INAPPROPRIATE_PHOTO', note: '' },
  });
  const reason = useController({ control, name: 'reason' }).field;
  const send = useMutation({
    mutationFn: ({ reason, note }: z.output<typeof reportFormSchema>) =>
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
        return;
      }
      const noteError =
        error instanceof ApiError ? error.fields.find((field) => field.path === 'note') : undefined;
      if (noteError) setError('note', { type: 'server', message: errorMessageFor(error) });
      else showToast(errorMessageFor(error));
    },
  });
  const submit = handleSubmit((values) => {
    if (!send.isPending) send.mutate(values);
  });
  return (
    <BottomSheet
      open={open}
      onOpenChange={onOpenChange}
      title={m.sheetTitle}
      description={m.sheetDescription}
      footer={
        <Button
          type="submit"
          form={formId}
          block
          variant="danger"
          aria-busy={send.isPending}
          disabled={send.isPending}
        >
          {m.submit}
        </Button>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <h3 id={legendId} className={styles.legend}>
          {m.reasonLegend}
        </h3>
        <RadioChoices
          labelledBy={legendId}
          name="report-reason"
          value={reason.value}
          onValueChange={(value) => reason.onChange(value as ReportReason)}
          choices={reasons.map((value) => ({
            value,
            label: m.reasons[value],
            description: m.reasonHints[value],
          }))}
        />
        {reason.value === 'OTHER' && (
          <BoundTextField
            control={control}
            name="note"
            label={m.noteLabel}
            hint={m.noteHint}
            error={fieldText(formState.errors.note, m.noteHint)}
            maxLength={NOTE_MAX}
          />
        )}
      </form>
    </BottomSheet>
  );
}
