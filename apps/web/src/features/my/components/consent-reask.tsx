import type { ChildConsentState } from '@hamkke/contract/my/children';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { fieldText } from '@/shared/lib/field-errors.ts';
import { Button } from '@/shared/ui/button.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import {
  agreeChildConsent,
  childConsentDocumentQueryOptions,
  childConsentsQueryOptions,
} from '../api/children.ts';
import { isStaleConsent } from '../my-rules.ts';
import { GuardianConsentField } from './guardian-consent-field.tsx';
import styles from './my.module.css';
import { guardianConsentMessages } from '@/shared/messages/my.ts';

/**
 * The ask again (decision 038) on /my/children, where a parent lands after login while one is
 * pending: every child without a consent covering the version in force, one box and button each.
 */
export function ConsentReask({ userId }: { userId: string }) {
  const consents = useQuery(childConsentsQueryOptions(userId));
  const pending = consents.data?.children.filter((child) => child.consentNeeded) ?? [];
  if (pending.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="consent-reask-title">
      <h2 id="consent-reask-title" className={styles.sectionTitle}>
        {guardianConsentMessages.reaskTitle}
      </h2>
      <p className={styles.sectionText}>{guardianConsentMessages.reaskDescription}</p>
      {pending.map((child) => (
        <ChildConsentForm key={child.childrenUserId} userId={userId} child={child} />
      ))}
    </section>
  );
}

/** The one box: it must be ticked (the version sent is the document shown, read at the time). */
const consentFormSchema = z.object({ agreed: z.boolean().refine((agreed) => agreed) });

/** One child's consent box and "동의하기" (also on the child's own page). */
export function ChildConsentForm({ userId, child }: { userId: string; child: ChildConsentState }) {
  const queryClient = useQueryClient();
  const document = useQuery(childConsentDocumentQueryOptions());
  const { control, handleSubmit, formState, setError, clearErrors, setValue } = useForm<
    z.input<typeof consentFormSchema>,
    unknown,
    z.output<typeof consentFormSchema>
  >({
    resolver: standardSchemaResolver(consentFormSchema),
    defaultValues: { agreed: false },
    // The box's error stays until it is ticked, as the server's refusals do.
    reValidateMode: 'onSubmit',
  });
  const agreed = useController({ control, name: 'agreed' }).field;
  const agree = useMutation({
    mutationFn: (version: string) =>
      agreeChildConsent(queryClient, userId, {
        childrenUserId: child.childrenUserId,
        guardianConsentVersion: version,
      }),
    onSuccess: () => showToast(guardianConsentMessages.agreed(child.userNm)),
    onError: (refused) => {
      if (isStaleConsent(refused)) {
        setValue('agreed', false);
        setError('agreed', { type: 'server', message: guardianConsentMessages.stale });
        void document.refetch();
      } else setError('agreed', { type: 'server', message: errorMessageFor(refused) });
    },
  });
  const submit = handleSubmit(() => {
    const version = document.data?.version;
    if (version === undefined) return setError('agreed', { type: 'required' });
    if (!agree.isPending) agree.mutate(version);
  });
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className={styles.consentFieldset}>
        <legend className={styles.consentLegend}>{guardianConsentMessages.reaskChild(child.userNm)}</legend>
        <GuardianConsentField
          document={document.data ?? null}
          checked={agreed.value}
          onCheckedChange={(value) => {
            agreed.onChange(value);
            if (value) clearErrors('agreed');
          }}
          error={
            document.isError
              ? guardianConsentMessages.unavailable
              : fieldText(formState.errors.agreed, guardianConsentMessages.required)
          }
        />
      </fieldset>
      <Button type="submit" variant="secondary" block busy={agree.isPending}>
        {guardianConsentMessages.reaskSubmit}
      </Button>
    </form>
  );
}
