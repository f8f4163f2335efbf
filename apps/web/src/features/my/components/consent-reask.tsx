import type { ChildConsentState } from '@hamkke/contract/my/children';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageFor } from '@/shared/api/api-error.ts';
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

/** One child's consent box and "동의하기" (also on the child's own page). */
export function ChildConsentForm({ userId, child }: { userId: string; child: ChildConsentState }) {
  const queryClient = useQueryClient();
  const document = useQuery(childConsentDocumentQueryOptions());
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const agree = useMutation({
    mutationFn: (version: string) =>
      agreeChildConsent(queryClient, userId, {
        childrenUserId: child.childrenUserId,
        guardianConsentVersion: version,
      }),
    onSuccess: () => showToast(guardianConsentMessages.agreed(child.userNm)),
    onError: (refused) => {
      if (isStaleConsent(refused)) {
        setChecked(false);
        setError(guardianConsentMessages.stale);
        void document.refetch();
      } else setError(errorMessageFor(refused));
    },
  });
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const version = document.data?.version;
        if (!checked || version === undefined) return setError(guardianConsentMessages.required);
        if (!agree.isPending) agree.mutate(version);
      }}
    >
      <fieldset className={styles.consentFieldset}>
        <legend className={styles.consentLegend}>{guardianConsentMessages.reaskChild(child.userNm)}</legend>
        <GuardianConsentField
          document={document.data ?? null}
          checked={checked}
          onCheckedChange={(value) => {
            setChecked(value);
            if (value) setError(undefined);
          }}
          error={document.isError ? guardianConsentMessages.unavailable : error}
        />
      </fieldset>
      <Button type="submit" variant="secondary" block busy={agree.isPending}>
        {guardianConsentMessages.reaskSubmit}
      </Button>
    </form>
  );
}
