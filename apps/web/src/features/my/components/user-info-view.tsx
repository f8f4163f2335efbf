import { seoulDay } from '@hamkke/contract/seoul-day';
import { authAboEndpoint, MEMBER_NO_MAX } from '@hamkke/contract/my/account';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, Phone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorCode, errorMessageFor } from '@/shared/api/api-error.ts';
import { formatFullDay } from '@/shared/format/date.ts';
import { appConfig } from '@/shared/config.ts';
import { gateTarget, verifyGateOf, wantsVerify } from '@/shared/lib/pin-gate.ts';
import { messages } from '@/shared/messages.ts';
import { useLocation, useNavigate } from '@/shared/routing/location.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { withLoadingOverlay } from '@/shared/stores/ui-store.ts';
import { Button } from '@/shared/ui/button.tsx';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { fieldText } from '@/shared/lib/field-errors.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { myInfoQueryOptions, verifyMembership, withdraw } from '../api/account.ts';
import { useEndSession } from '../hooks/use-end-session.ts';
import { ProfileForm } from './profile-form.tsx';
import type { SignedInUser } from '../hooks/use-signed-in-user.ts';
import styles from './my.module.css';
import { myMessages } from '@/shared/messages/my.ts';

/** /my/userinfo: the account as the server knows it, membership verification, and withdrawal. */
export function UserInfoView({ user }: { user: SignedInUser }) {
  const info = useQuery(myInfoQueryOptions(user.userInfo.userId));
  const serverPin = info.data?.pinUser.result;

  // The server is the judge of the pin check; a verification made elsewhere shows up here too.
  useEffect(() => {
    if (user.accountType !== 'PARENT' || serverPin === undefined) return;
    const { pinUser, setPinUser } = useSessionStore.getState();
    if (pinUser?.result !== serverPin) setPinUser({ result: serverPin });
  }, [serverPin, user.accountType]);

  // Opened to verify (a pin gate's notice, the my menu): the verification comes first.
  const verifying = wantsVerify(useLocation().search);
  const needsVerify = user.accountType === 'PARENT' && !user.isPinUser;

  return (
    <>
      {needsVerify && verifying && <VerifyMembershipForm userId={user.userInfo.userId} />}
      <section className={styles.section} aria-labelledby="account-details">
        <h2 id="account-details" className={styles.sectionTitle}>
          {myMessages.accountDetails}
        </h2>
        {info.isPending ? (
          <Skeleton lines={6} label={messages.common.loading} />
        ) : info.isError ? (
          <ErrorState error={info.error} onRetry={() => void info.refetch()} retrying={info.isFetching} />
        ) : (
          <dl className={styles.details}>
            <Detail term={myMessages.name} value={info.data.userNm} />
            <Detail term={myMessages.alias} value={info.data.alias} />
            {user.accountType === 'PARENT' && (
              <>
                <Detail term={myMessages.phone} value={info.data.maskedPhone ?? myMessages.noPhone} />
                <Detail
                  term={myMessages.birthDate}
                  value={info.data.birthDate ? formatFullDay(info.data.birthDate) : myMessages.unknown}
                />
              </>
            )}
            <Detail
              term={myMessages.accountType}
              value={
                user.accountType === 'PARENT' ? myMessages.accountParentKakao : myMessages.accountChildId
              }
            />
            {user.accountType === 'PARENT' && (
              <Detail
                term={myMessages.pinStatus}
                value={info.data.pinUser.result === 'Y' ? myMessages.pinVerified : myMessages.pinNotVerified}
              />
            )}
            <Detail
              term={myMessages.joinedAt}
              value={formatFullDay(seoulDay(new Date(info.data.createdAt)))}
            />
          </dl>
        )}
      </section>

      <ProfileForm accountType={user.accountType} alias={user.userInfo.alias} />

      {needsVerify && !verifying && <VerifyMembershipForm userId={user.userInfo.userId} />}

      <WithdrawSection accountType={user.accountType} />
    </>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className={styles.detail}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const verifyFormSchema = authAboEndpoint.request;

/** 회원 인증 by membership number (my/auth-abo). */
function VerifyMembershipForm({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The gate that sent the person here: once verified, they go on to what they came to do.
  const { search } = useLocation();
  const gate = verifyGateOf(search);
  const { control, handleSubmit, formState, setError } = useForm<
    z.input<typeof verifyFormSchema>,
    unknown,
    z.output<typeof verifyFormSchema>
  >({ resolver: standardSchemaResolver(verifyFormSchema), defaultValues: { memberNo: '' } });
  const verify = useMutation({
    mutationFn: (value: string) => verifyMembership(value),
    onSuccess: async (result) => {
      if (result === 'Y') {
        showToast(myMessages.verified);
        await queryClient.invalidateQueries({ queryKey: myInfoQueryOptions(userId).queryKey });
        if (gate) navigate(gateTarget(gate));
      } else {
        setError('memberNo', { type: 'server', message: myMessages.verifyFailed });
      }
    },
  });

  const submit = handleSubmit(({ memberNo }) => {
    if (!verify.isPending) verify.mutate(memberNo);
  });

  const failure =
    verify.error === null
      ? null
      : apiErrorCode(verify.error) === 'RATE_LIMITED'
        ? myMessages.verifyRateLimited
        : errorMessageFor(verify.error);

  return (
    <section className={styles.section} aria-labelledby="verify-title">
      <h2 id="verify-title" className={styles.sectionTitle}>
        {myMessages.verifyTitle}
      </h2>
      <p className={styles.sectionText}>{myMessages.verifyDescription}</p>
      <MemberNoHelp />
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <BoundTextField
          control={control}
          label={myMessages.memberNo}
          name="memberNo"
          hint={myMessages.memberNoHint}
          error={fieldText(formState.errors.memberNo, myMessages.memberNoInvalid)}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={MEMBER_NO_MAX}
        />
        {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
        <Button
          type="submit"
          variant={wantsVerify(search) ? 'primary' : 'secondary'}
          block
          busy={verify.isPending}
        >
          {myMessages.verifySubmit}
        </Button>
      </form>
    </section>
  );
}

/** What a 회원번호 is, where it is printed, and how to reach customer service (CS_PHONE, INQUIRY_EMAIL). */
function MemberNoHelp() {
  const { customerServicePhone, inquiryEmail } = appConfig.company;
  return (
    <div className={styles.help}>
      <h3 className={styles.helpTitle}>{myMessages.memberNoWhatTitle}</h3>
      <p>{myMessages.memberNoWhat}</p>
      <p>{myMessages.memberNoWhere}</p>
      <p>{myMessages.memberNoMatch}</p>
      <h3 className={styles.helpTitle}>{myMessages.helpTitle}</h3>
      <p>{myMessages.helpBody}</p>
      <ul className={styles.helpContacts}>
        <li>
          <a href={`tel:${customerServicePhone.replace(/[^0-9+]/g, '')}`} className={styles.helpLink}>
            <Phone aria-hidden="true" size={18} />
            {myMessages.helpPhone(customerServicePhone)}
          </a>
        </li>
        <li>
          <a href={`mailto:${inquiryEmail}`} className={styles.helpLink}>
            <Mail aria-hidden="true" size={18} />
            {myMessages.helpEmail(inquiryEmail)}
          </a>
        </li>
      </ul>
    </div>
  );
}

/** 회원 탈퇴, asked once more in an AlertDialog. */
function WithdrawSection({ accountType }: { accountType: 'PARENT' | 'CHILD' }) {
  const endSession = useEndSession();
  const [failure, setFailure] = useState<string | null>(null);

  const confirmWithdraw = async () => {
    setFailure(null);
    try {
      await withLoadingOverlay(withdraw);
      await endSession('withdrawn');
    } catch (error) {
      setFailure(errorMessageFor(error));
    }
  };

  return (
    <section className={styles.section} aria-labelledby="withdraw-title">
      <h2 id="withdraw-title" className={styles.sectionTitle}>
        {myMessages.withdrawTitle}
      </h2>
      <p className={styles.sectionText}>
        {accountType === 'PARENT'
          ? myMessages.withdrawParentDescription
          : myMessages.withdrawChildDescription}
      </p>
      {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
      <ConfirmDialog
        triggerLabel={myMessages.withdraw}
        triggerLook={{ variant: 'dangerSoft', block: true }}
        title={myMessages.withdrawConfirm}
        description={
          accountType === 'PARENT'
            ? myMessages.withdrawParentDescription
            : myMessages.withdrawChildDescription
        }
        cancelLabel={myMessages.cancel}
        confirmLabel={myMessages.withdrawAction}
        danger
        onConfirm={() => void confirmWithdraw()}
      />
    </section>
  );
}
