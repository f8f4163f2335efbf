import { CHILD_NAME_MAX } from '@hamkke/contract/my/children';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { BottomSheet } from '@/shared/ui/bottom-sheet.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { createChildInvite } from '../api/child-links.ts';
import { childFieldErrorsFromApi, validateChildName } from '../my-rules.ts';
import { ChildLinkShare } from './child-link-share.tsx';
import styles from './my.module.css';
import { childInviteMessages } from '@/shared/messages/my.ts';

const FORM_ID = 'invite-child-form';

/**
 * 초대 링크 만들기: the child's name, then a one-time link the child opens to pick their own id and
 * password. Closing the sheet forgets the link; a new one can be made any time.
 */
export function InviteChildSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [userNm, setUserNm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (name: string) => createChildInvite(name),
    onError: (refused) => {
      const fieldError = childFieldErrorsFromApi(refused)?.userNm;
      if (fieldError) setError(fieldError);
      else setFailure(errorMessageFor(refused));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = userNm.trim();
    const invalid = validateChildName(name);
    setError(invalid);
    setFailure(null);
    if (invalid === null && !invite.isPending) invite.mutate(name);
  };

  const made = invite.data;
  return (
    <BottomSheet
      open={open}
      onOpenChange={onOpenChange}
      title={childInviteMessages.inviteTitle}
      description={made ? undefined : childInviteMessages.inviteDescription}
      footer={
        made ? undefined : (
          <Button type="submit" form={FORM_ID} block busy={invite.isPending}>
            {childInviteMessages.inviteSubmit}
          </Button>
        )
      }
    >
      {made && invite.variables !== undefined ? (
        <div>
          <div className={styles.linkReady} role="status">
            <p className={styles.linkReadyTitle}>{childInviteMessages.inviteReady(invite.variables)}</p>
            <p className={styles.sectionText}>{childInviteMessages.inviteAfter}</p>
          </div>
          <ChildLinkShare
            link={made}
            shareTitle={childInviteMessages.inviteShareTitle}
            shareText={childInviteMessages.inviteShareText(invite.variables)}
          />
        </div>
      ) : (
        <form id={FORM_ID} className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label={childInviteMessages.inviteName}
            name="userNm"
            value={userNm}
            onValueChange={(value) => {
              setUserNm(value);
              setError(null);
            }}
            hint={childInviteMessages.inviteNameHint}
            error={error}
            autoComplete="off"
            maxLength={CHILD_NAME_MAX}
          />
          {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
        </form>
      )}
    </BottomSheet>
  );
}
