import { createChildInviteEndpoint } from '@hamkke/contract/login/child-invite';
import { CHILD_NAME_MAX } from '@hamkke/contract/my/children';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { BottomSheet } from '@/shared/ui/bottom-sheet.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { fieldText } from '@/shared/lib/field-errors.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { createChildInvite } from '../api/child-links.ts';
import { childFieldErrorsFromApi } from '../my-rules.ts';
import { ChildLinkShare } from './child-link-share.tsx';
import styles from './my.module.css';
import { childInviteMessages, myMessages } from '@/shared/messages/my.ts';

const FORM_ID = 'invite-child-form';
const inviteFormSchema = createChildInviteEndpoint.request;

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
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<
    z.input<typeof inviteFormSchema>,
    unknown,
    z.output<typeof inviteFormSchema>
  >({ resolver: standardSchemaResolver(inviteFormSchema), defaultValues: { userNm: '' } });
  const invite = useMutation({
    mutationFn: (name: string) => createChildInvite(name),
    onError: (refused) => {
      const fieldError = childFieldErrorsFromApi(refused)?.userNm;
      if (fieldError) setError('userNm', { type: 'server', message: fieldError });
      else setFailure(errorMessageFor(refused));
    },
  });
  // The name goes trimmed, as the contract reads it.
  const submit = handleSubmit(({ userNm }) => {
    if (!invite.isPending) invite.mutate(userNm);
  });

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
        <form
          id={FORM_ID}
          className={styles.form}
          onSubmit={(event) => {
            setFailure(null);
            void submit(event);
          }}
          noValidate
        >
          <BoundTextField
            control={control}
            label={childInviteMessages.inviteName}
            name="userNm"
            hint={childInviteMessages.inviteNameHint}
            error={fieldText(formState.errors.userNm, myMessages.nameInvalid)}
            autoComplete="off"
            maxLength={CHILD_NAME_MAX}
          />
          {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
        </form>
      )}
    </BottomSheet>
  );
}
