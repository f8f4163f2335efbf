import { createChildInviteEndpoint } from '@hamkke/contract/login/child-invite';
import { CHILD_NAME_MAX } from '@hamkke/contract/my/children';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMutation, useQuery } from '@tanstack/react-query';
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
import { childConsentDocumentQueryOptions } from '../api/children.ts';
import { childFieldErrorsFromApi, isStaleConsent } from '../my-rules.ts';
import { GuardianConsentField } from './guardian-consent-field.tsx';
import { ChildLinkShare } from './child-link-share.tsx';
import styles from './my.module.css';
import { childInviteMessages, guardianConsentMessages, myMessages } from '@/shared/messages/my.ts';

const FORM_ID = 'invite-child-form';
// The guardian's consent is its own box, sent as the version of the document shown (decision 038).
const inviteFormSchema = createChildInviteEndpoint.request.omit({ guardianConsentVersion: true });

/**
 * 자녀 가입 링크 만들기: the child's name, then a one-time link the child opens to pick their own id and
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
  const consentDocument = useQuery(childConsentDocumentQueryOptions());
  const [consented, setConsented] = useState(false);
  const [consentError, setConsentError] = useState<string | undefined>(undefined);
  const { control, handleSubmit, formState, setError } = useForm<
    z.input<typeof inviteFormSchema>,
    unknown,
    z.output<typeof inviteFormSchema>
  >({ resolver: standardSchemaResolver(inviteFormSchema), defaultValues: { userNm: '' } });
  const invite = useMutation({
    mutationFn: (input: { userNm: string; guardianConsentVersion: string }) => createChildInvite(input),
    onError: (refused) => {
      if (isStaleConsent(refused)) {
        setConsented(false);
        setConsentError(guardianConsentMessages.stale);
        void consentDocument.refetch();
        return;
      }
      const fieldError = childFieldErrorsFromApi(refused)?.userNm;
      if (fieldError) setError('userNm', { type: 'server', message: fieldError });
      else setFailure(errorMessageFor(refused));
    },
  });
  // The name goes trimmed, as the contract reads it.
  const submit = handleSubmit(({ userNm }) => {
    const version = consentDocument.data?.version;
    if (!consented || version === undefined) return setConsentError(guardianConsentMessages.required);
    if (!invite.isPending) invite.mutate({ userNm, guardianConsentVersion: version });
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
            <p className={styles.linkReadyTitle}>
              {childInviteMessages.inviteReady(invite.variables.userNm)}
            </p>
            <p className={styles.sectionText}>{childInviteMessages.inviteAfter}</p>
          </div>
          <ChildLinkShare
            link={made}
            shareTitle={childInviteMessages.inviteShareTitle}
            shareText={childInviteMessages.inviteShareText(invite.variables.userNm)}
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
        </form>
      )}
    </BottomSheet>
  );
}
