import { seoulDay } from '@hamkke/contract/seoul-day';
import { childPasswordSchema } from '@hamkke/contract/login/children-login';
import { CHILD_NAME_MAX, childNameSchema } from '@hamkke/contract/my/children';
import type { Child } from '@hamkke/contract/my/children';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LockOpen, SearchX } from 'lucide-react';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useNavigate } from '@/shared/routing/location.ts';
import { apiErrorCode, errorMessageFor } from '@/shared/api/api-error.ts';
import { formatFullDay } from '@/shared/format/date.ts';
import { messages } from '@/shared/messages.ts';
import { withLoadingOverlay } from '@/shared/stores/ui-store.ts';
import { Button } from '@/shared/ui/button.tsx';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { NewPasswordFields } from '@/shared/ui/new-password-fields.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { fieldText } from '@/shared/lib/field-errors.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import {
  childConsentsQueryOptions,
  childInfoQueryOptions,
  deleteChild,
  unlockChildLogin,
  updateChild,
} from '../api/children.ts';
import { ChildConsentForm } from './consent-reask.tsx';
import { childFieldErrorsFromApi } from '../my-rules.ts';
import { FormSection } from '@/shared/ui/form-section.tsx';
import styles from './my.module.css';
import { PasswordLinkSection } from './password-link-section.tsx';
import { guardianConsentMessages, myMessages } from '@/shared/messages/my.ts';

/** /my/children-info/{id} for a verified parent: the child, a new name, a new password, deletion. */
export function ChildEditor({ userId, childrenUserId }: { userId: string; childrenUserId: string }) {
  const child = useQuery(childInfoQueryOptions(userId, childrenUserId));

  if (child.isPending) {
    return (
      <div className={styles.section}>
        <Skeleton heading lines={3} label={messages.common.loading} />
      </div>
    );
  }
  if (child.isError) {
    // Another family's child and an unknown id look the same: not found (security.md).
    if (apiErrorCode(child.error) === 'NOT_FOUND') {
      return (
        <EmptyState
          icon={SearchX}
          message={myMessages.childNotFound}
          action={{ label: myMessages.backToChildren, to: '/my/children' }}
        />
      );
    }
    return (
      <ErrorState error={child.error} onRetry={() => void child.refetch()} retrying={child.isFetching} />
    );
  }
  return <ChildDetails key={child.data.childrenUserId} userId={userId} child={child.data} />;
}

function ChildDetails({ userId, child }: { userId: string; child: Child }) {
  return (
    <>
      <section className={styles.profile} aria-label={myMessages.accountDetails}>
        <span className={styles.avatar} aria-hidden="true">
          {child.userNm.slice(0, 1)}
        </span>
        <div className={styles.profileText}>
          <p className={styles.profileName}>{child.userNm}</p>
          <p className={styles.profileMeta}>{myMessages.childLoginId(child.loginId)}</p>
          <p className={styles.profileMeta}>
            {myMessages.createdAt} {formatFullDay(seoulDay(new Date(child.createdAt)))}
          </p>
        </div>
      </section>
      <GuardianConsentRecord userId={userId} childrenUserId={child.childrenUserId} />
      <RenameForm userId={userId} child={child} />
      <NewPasswordForm userId={userId} child={child} />
      <PasswordLinkSection child={child} />
      <UnlockLogin child={child} />
      <DeleteChild userId={userId} child={child} />
    </>
  );
}

/**
 * 보호자 동의 (decision 038): every consent recorded for the child — document, version, the day and
 * the parent — and the box to agree again when the version in force is not covered.
 */
function GuardianConsentRecord({ userId, childrenUserId }: { userId: string; childrenUserId: string }) {
  const consents = useQuery(childConsentsQueryOptions(userId, childrenUserId));
  const state = consents.data?.children[0];
  return (
    <section className={styles.section} aria-labelledby="guardian-consent-title">
      <h2 id="guardian-consent-title" className={styles.sectionTitle}>
        {guardianConsentMessages.recordTitle}
      </h2>
      {consents.isPending ? (
        <Skeleton lines={2} label={messages.common.loading} />
      ) : consents.isError ? (
        <ErrorState
          error={consents.error}
          onRetry={() => void consents.refetch()}
          retrying={consents.isFetching}
        />
      ) : state === undefined || state.consents.length === 0 ? (
        <p className={styles.sectionText}>{guardianConsentMessages.recordEmpty}</p>
      ) : (
        <ul className={styles.consentList}>
          {state.consents.map((consent) => (
            <li key={`${consent.version}-${consent.agreedAt}`}>
              <p>{guardianConsentMessages.recordItem(consent.title, consent.version)}</p>
              <p className={styles.consentMeta}>
                {guardianConsentMessages.recordWhen(
                  formatFullDay(seoulDay(new Date(consent.agreedAt))),
                  consent.parentAlias,
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {state?.consentNeeded && <ChildConsentForm userId={userId} child={state} />}
    </section>
  );
}

/** The contract's rule for a child's name. */
const renameSchema = z.object({ userNm: childNameSchema });

function RenameForm({ userId, child }: { userId: string; child: Child }) {
  const queryClient = useQueryClient();
  const { control, handleSubmit, formState, setError } = useForm<
    z.input<typeof renameSchema>,
    unknown,
    z.output<typeof renameSchema>
  >({ resolver: standardSchemaResolver(renameSchema), defaultValues: { userNm: child.userNm } });
  const rename = useMutation({
    mutationFn: (name: string) =>
      updateChild(queryClient, userId, { childrenUserId: child.childrenUserId, userNm: name }),
    onSuccess: () => showToast(myMessages.renamed),
    onError: (failure) =>
      setError('userNm', {
        type: 'server',
        message: childFieldErrorsFromApi(failure)?.userNm ?? errorMessageFor(failure),
      }),
  });
  const submit = handleSubmit(({ userNm }) => {
    if (userNm === child.userNm) return setError('userNm', { type: 'unchanged' });
    if (!rename.isPending) rename.mutate(userNm);
  });
  const error = formState.errors.userNm;

  return (
    <FormSection title={myMessages.renameTitle} onSubmit={(event) => void submit(event)}>
      <BoundTextField
        control={control}
        label={myMessages.childName}
        name="userNm"
        hint={myMessages.childNameHint}
        error={fieldText(
          error,
          error?.type === 'unchanged' ? myMessages.nameUnchanged : myMessages.nameInvalid,
        )}
        autoComplete="off"
        maxLength={CHILD_NAME_MAX}
      />
      <Button type="submit" variant="secondary" block busy={rename.isPending}>
        {myMessages.save}
      </Button>
    </FormSection>
  );
}

/** The contract's rule for a child's password, typed twice. */
const newPasswordSchema = z
  .object({ newPassword: childPasswordSchema, confirm: z.string() })
  .refine((fields) => fields.confirm === fields.newPassword, { path: ['confirm'] });

function NewPasswordForm({ userId, child }: { userId: string; child: Child }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError, reset } = useForm<
    z.input<typeof newPasswordSchema>,
    unknown,
    z.output<typeof newPasswordSchema>
  >({
    resolver: standardSchemaResolver(newPasswordSchema),
    defaultValues: { newPassword: '', confirm: '' },
  });
  const password = useController({ control, name: 'newPassword' }).field;
  const confirm = useController({ control, name: 'confirm' }).field;
  const save = useMutation({
    mutationFn: (newPassword: string) =>
      updateChild(queryClient, userId, { childrenUserId: child.childrenUserId, password: newPassword }),
    onSuccess: () => {
      reset();
      showToast(myMessages.childPasswordSaved);
    },
    onError: (error) => {
      const fieldErrors = childFieldErrorsFromApi(error);
      if (fieldErrors?.password) setError('newPassword', { type: 'server', message: fieldErrors.password });
      else setFailure(errorMessageFor(error));
    },
  });
  const submit = handleSubmit(({ newPassword }) => {
    if (!save.isPending) save.mutate(newPassword);
  });
  const { errors } = formState;

  return (
    <FormSection
      title={myMessages.newPasswordTitle}
      description={myMessages.newPasswordNote}
      onSubmit={(event) => {
        setFailure(null);
        void submit(event);
      }}
    >
      {/* Lets password managers file the new password under the child's id. */}
      <input type="text" name="username" value={child.loginId} autoComplete="username" readOnly hidden />
      <NewPasswordFields
        label={myMessages.newPassword}
        confirmLabel={myMessages.newPasswordConfirm}
        hint={myMessages.childPasswordHint}
        password={password.value}
        confirm={confirm.value}
        onPasswordChange={password.onChange}
        onConfirmChange={confirm.onChange}
        errors={{
          password: fieldText(errors.newPassword, myMessages.passwordInvalid),
          // The second field is checked once the first is right.
          confirm: errors.newPassword ? undefined : fieldText(errors.confirm, myMessages.passwordMismatch),
        }}
      />
      {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
      <Button type="submit" variant="secondary" block busy={save.isPending}>
        {myMessages.save}
      </Button>
    </FormSection>
  );
}

/**
 * 로그인 잠금: a stranger's failures on the child's id keep every browser the child never signed in
 * on waiting (decision 033); the parent lifts it, and the child signs in at once on a new phone.
 */
function UnlockLogin({ child }: { child: Child }) {
  const unlock = useMutation({
    mutationFn: () => unlockChildLogin(child.childrenUserId),
    onSuccess: () => showToast(myMessages.unlocked),
  });
  return (
    <section className={styles.section} aria-labelledby="unlock-login-title">
      <h2 id="unlock-login-title" className={styles.sectionTitle}>
        {myMessages.unlockTitle}
      </h2>
      <p className={styles.sectionText}>{myMessages.unlockDescription(child.loginId)}</p>
      {unlock.isError && <NoticeMessage tone="error">{errorMessageFor(unlock.error)}</NoticeMessage>}
      <Button
        variant="secondary"
        block
        busy={unlock.isPending}
        onClick={() => {
          if (!unlock.isPending) unlock.mutate();
        }}
      >
        <LockOpen aria-hidden="true" size={20} />
        {myMessages.unlockAction}
      </Button>
    </section>
  );
}

function DeleteChild({ userId, child }: { userId: string; child: Child }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const confirmDelete = async () => {
    setFailure(null);
    try {
      await withLoadingOverlay(() => deleteChild(queryClient, userId, child.childrenUserId));
      showToast(myMessages.childDeleted);
      void navigate('/my/children', { replace: true });
    } catch (error) {
      setFailure(errorMessageFor(error));
    }
  };

  return (
    <div className={styles.stack}>
      {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
      <ConfirmDialog
        triggerLabel={myMessages.deleteChild}
        triggerLook={{ variant: 'dangerSoft', block: true }}
        title={myMessages.deleteChildConfirm}
        description={myMessages.deleteChildDescription(child.userNm)}
        cancelLabel={myMessages.cancel}
        confirmLabel={myMessages.deleteAction}
        danger
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
