import { CHILD_NAME_MAX, createChildrenEndpoint } from '@hamkke/contract/my/children';
import { CHILD_LOGIN_ID_MAX, CHILD_PASSWORD_MAX } from '@hamkke/contract/login/children-login';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Baby, ChevronRight, Link2, UserRoundPlus } from 'lucide-react';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from '@/shared/routing/link.tsx';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { messages } from '@/shared/messages.ts';
import { Button } from '@/shared/ui/button.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { fieldText } from '@/shared/lib/field-errors.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { childConsentDocumentQueryOptions, childrenListQueryOptions, createChild } from '../api/children.ts';
import { childFieldErrorsFromApi, isStaleConsent, type ChildField } from '../my-rules.ts';
import { GuardianConsentField } from './guardian-consent-field.tsx';
import { ConsentReask } from './consent-reask.tsx';
import { InviteChildSheet } from './invite-child-sheet.tsx';
import { FormSection } from '@/shared/ui/form-section.tsx';
import styles from './my.module.css';
import { childInviteMessages, guardianConsentMessages, myMessages } from '@/shared/messages/my.ts';

/** /my/children: the parent's children, and a form to make one more. */
export function ChildrenManager({ userId }: { userId: string }) {
  const children = useQuery(childrenListQueryOptions(userId));
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  // A new sheet each time it opens: the last link is not shown again.
  const [inviteKey, setInviteKey] = useState(0);

  const actions = (
    <div className={styles.childrenActions}>
      <Button
        variant="secondary"
        block
        onClick={() => {
          setInviteKey((key) => key + 1);
          setInviting(true);
        }}
      >
        <Link2 aria-hidden="true" size={20} />
        {childInviteMessages.inviteAction}
      </Button>
      <Button variant="neutral" block onClick={() => setAdding(true)}>
        <UserRoundPlus aria-hidden="true" size={20} />
        {myMessages.addChild}
      </Button>
    </div>
  );

  return (
    <>
      <ConsentReask userId={userId} />
      <section aria-label={myMessages.childrenListLabel} className={styles.stack}>
        {children.isPending ? (
          <ChildrenSkeleton />
        ) : children.isError ? (
          <ErrorState
            error={children.error}
            onRetry={() => void children.refetch()}
            retrying={children.isFetching}
          />
        ) : children.data.length === 0 ? (
          <EmptyState icon={Baby} message={myMessages.childrenEmpty} />
        ) : (
          <ul className={styles.children}>
            {children.data.map((child) => (
              <li key={child.childrenUserId}>
                <Link
                  to={`/my/children-info/${encodeURIComponent(child.childrenUserId)}`}
                  className={styles.childLink}
                >
                  <span className={styles.childAvatar} aria-hidden="true">
                    {child.userNm.slice(0, 1)}
                  </span>
                  <span className={styles.childText}>
                    <span className={styles.childName}>{child.userNm}</span>
                    <span className={styles.childMeta}>{myMessages.childLoginId(child.loginId)}</span>
                  </span>
                  <ChevronRight aria-hidden="true" size={20} className={styles.chevron} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {adding ? <AddChildForm userId={userId} onDone={() => setAdding(false)} /> : actions}
      <InviteChildSheet key={inviteKey} open={inviting} onOpenChange={setInviting} />
    </>
  );
}

/** Two cards shaped like the list while it loads. */
function ChildrenSkeleton() {
  return (
    <div className={styles.children}>
      {[0, 1].map((index) => (
        <div key={index} className={styles.skeletonCard}>
          <Skeleton lines={2} label={messages.common.loading} />
        </div>
      ))}
    </div>
  );
}

// The consent is its own box below the fields, sent as the version of the document shown.
const childFormSchema = createChildrenEndpoint.request.omit({ guardianConsentVersion: true });
type ChildFields = z.output<typeof childFormSchema>;

/** 자녀 계정 만들기: the contract's rules as hints, its refusals next to the fields. */
function AddChildForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const consentDocument = useQuery(childConsentDocumentQueryOptions());
  const [consented, setConsented] = useState(false);
  const [consentError, setConsentError] = useState<string | undefined>(undefined);
  const { control, handleSubmit, formState, setError } = useForm<
    z.input<typeof childFormSchema>,
    unknown,
    ChildFields
  >({
    resolver: standardSchemaResolver(childFormSchema),
    defaultValues: { userNm: '', loginId: '', password: '' },
  });
  const create = useMutation({
    // The contract's schema has trimmed the name and the id, and put the id in lower case.
    mutationFn: (value: ChildFields & { guardianConsentVersion: string }) =>
      createChild(queryClient, userId, value),
    onSuccess: (child) => {
      showToast(myMessages.childCreated(child.userNm));
      onDone();
    },
    onError: (error) => {
      // A newer version came into force while the form was open: read it and agree again.
      if (isStaleConsent(error)) {
        setConsented(false);
        setConsentError(guardianConsentMessages.stale);
        void consentDocument.refetch();
        return;
      }
      const fieldErrors = childFieldErrorsFromApi(error);
      if (!fieldErrors) return setFailure(errorMessageFor(error));
      for (const [field, message] of Object.entries(fieldErrors)) {
        if (message) setError(field as ChildField, { type: 'server', message });
      }
    },
  });
  const submit = handleSubmit((fields) => {
    const version = consentDocument.data?.version;
    if (!consented || version === undefined) return setConsentError(guardianConsentMessages.required);
    if (!create.isPending) create.mutate({ ...fields, guardianConsentVersion: version });
  });
  const { errors } = formState;

  return (
    <FormSection
      title={myMessages.addChildTitle}
      onSubmit={(event) => {
        setFailure(null);
        void submit(event);
      }}
    >
      <BoundTextField
        control={control}
        label={myMessages.childName}
        name="userNm"
        hint={myMessages.childNameHint}
        error={fieldText(errors.userNm, myMessages.nameInvalid)}
        autoComplete="off"
        maxLength={CHILD_NAME_MAX}
        autoFocus
      />
      <BoundTextField
        control={control}
        label={myMessages.childLoginIdLabel}
        name="loginId"
        hint={myMessages.childLoginIdHint}
        error={fieldText(errors.loginId, myMessages.loginIdInvalid)}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={CHILD_LOGIN_ID_MAX}
      />
      <BoundTextField
        control={control}
        label={myMessages.childPassword}
        name="password"
        type="password"
        hint={myMessages.childPasswordHint}
        error={fieldText(errors.password, myMessages.passwordInvalid)}
        autoComplete="new-password"
        maxLength={CHILD_PASSWORD_MAX}
      />
      <GuardianConsentField
        document={consentDocument.data ?? null}
        checked={consented}
        onCheckedChange={(value) => {
          setConsented(value);
          if (value) setConsentError(undefined);
        }}
        error={consentDocument.isError ? guardianConsentMessages.unavailable : consentError}
      />
      {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
      <div className={styles.formActions}>
        <Button variant="neutral" onClick={onDone}>
          {myMessages.cancel}
        </Button>
        <Button type="submit" busy={create.isPending}>
          {myMessages.create}
        </Button>
      </div>
    </FormSection>
  );
}
