import { CHILD_NAME_MAX } from '@hamkke/contract/my/children';
import { CHILD_LOGIN_ID_MAX, CHILD_PASSWORD_MAX } from '@hamkke/contract/login/children-login';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Baby, ChevronRight, Link2, UserRoundPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from '@/shared/routing/link.tsx';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { messages } from '@/shared/messages.ts';
import { Button } from '@/shared/ui/button.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { childrenListQueryOptions, createChild } from '../api/children.ts';
import {
  childFieldErrorsFromApi,
  hasErrors,
  normalizeChildDraft,
  validateChildDraft,
  type ChildDraft,
  type ChildField,
  type FieldErrors,
} from '../my-rules.ts';
import { InviteChildSheet } from './invite-child-sheet.tsx';
import { FormSection } from '@/shared/ui/form-section.tsx';
import styles from './my.module.css';
import { childInviteMessages, myMessages } from '@/shared/messages/my.ts';

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

const emptyDraft: ChildDraft = { userNm: '', loginId: '', password: '' };

/** 자녀 계정 만들기: the contract's rules as hints, its refusals next to the fields. */
function AddChildForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ChildDraft>(emptyDraft);
  const [errors, setErrors] = useState<FieldErrors<ChildField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (value: ChildDraft) => createChild(queryClient, userId, value),
    onSuccess: (child) => {
      showToast(myMessages.childCreated(child.userNm));
      onDone();
    },
    onError: (error) => {
      const fieldErrors = childFieldErrorsFromApi(error);
      if (fieldErrors) setErrors(fieldErrors);
      else setFailure(errorMessageFor(error));
    },
  });

  const change = (field: ChildField) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateChildDraft(draft);
    setErrors(found);
    setFailure(null);
    if (!hasErrors(found) && !create.isPending) create.mutate(normalizeChildDraft(draft));
  };

  return (
    <FormSection title={myMessages.addChildTitle} onSubmit={submit}>
      <TextField
        label={myMessages.childName}
        name="userNm"
        value={draft.userNm}
        onValueChange={change('userNm')}
        hint={myMessages.childNameHint}
        error={errors.userNm}
        autoComplete="off"
        maxLength={CHILD_NAME_MAX}
        autoFocus
      />
      <TextField
        label={myMessages.childLoginIdLabel}
        name="loginId"
        value={draft.loginId}
        onValueChange={change('loginId')}
        hint={myMessages.childLoginIdHint}
        error={errors.loginId}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={CHILD_LOGIN_ID_MAX}
      />
      <TextField
        label={myMessages.childPassword}
        name="password"
        type="password"
        value={draft.password}
        onValueChange={change('password')}
        hint={myMessages.childPasswordHint}
        error={errors.password}
        autoComplete="new-password"
        maxLength={CHILD_PASSWORD_MAX}
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
