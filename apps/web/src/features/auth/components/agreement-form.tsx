import { CheckboxGroup } from '@base-ui/react/checkbox-group';
import { agreementsSchema } from '@hamkke/contract/login/kakao-login';
import type { KakaoToken, UserInfo } from '@hamkke/contract/login/session';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Link } from '@/shared/routing/link.tsx';
import { useNavigate } from '@/shared/routing/location.ts';
import { recordActivity } from '@/shared/api/activity-log.ts';
import { ApiError } from '@/shared/api/api-error.ts';
import { privacyPolicyListQueryOptions, termsOfUseQueryOptions } from '@/shared/api/terms.ts';
import { LOGIN_PATH } from '@/shared/lib/login-path.ts';
import { messages } from '@/shared/messages.ts';
import { withLoadingOverlay } from '@/shared/stores/ui-store.ts';
import { Button } from '@/shared/ui/button.tsx';
import { CheckboxItem } from '@/shared/ui/checkbox.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { finishKakaoLogin, registerKakaoUser } from '../api/kakao-login.ts';
import { AGREEMENT_ITEMS, agreementFailure, agreementsFrom } from '../login-rules.ts';
import styles from './agreement-form.module.css';
import { TermsViewLink } from './terms-view-link.tsx';

/** The boxes ticked, read as the contract's `agreements` (the two required ones must be). */
const agreementFormSchema = z
  .object({ checked: z.array(z.enum(AGREEMENT_ITEMS)) })
  .transform(
    ({ checked }) =>
      // What the boxes say; the contract's schema then refuses an unticked required one.
      ({
        termsOfUse: checked.includes('termsOfUse'),
        privacyPolicy: checked.includes('privacyPolicy'),
        marketing: checked.includes('marketing'),
      }) as z.input<typeof agreementsSchema>,
  )
  .pipe(agreementsSchema);

function failureReason(error: unknown): string {
  return error instanceof ApiError ? `${error.code}: ${error.message}` : String(error);
}

/**
 * The consent screen of a first Kakao login: 전체 동의 ticks every item (Base UI's parent
 * checkbox); the two required ones unlock the button; the versions shown are the ones registered.
 */
export function AgreementForm({ kakaoToken }: { kakaoToken: KakaoToken }) {
  const navigate = useNavigate();
  const terms = useQuery(termsOfUseQueryOptions());
  const privacy = useQuery(privacyPolicyListQueryOptions());
  const { control, handleSubmit } = useForm<
    z.input<typeof agreementFormSchema>,
    unknown,
    z.output<typeof agreementFormSchema>
  >({ resolver: standardSchemaResolver(agreementFormSchema), defaultValues: { checked: [] } });
  const checked = useController({ control, name: 'checked' }).field;
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; restart: boolean } | null>(null);
  // Registered but not yet logged in (a failed login after a good registration): retry the login only.
  const registered = useRef<UserInfo | null>(null);

  const termsVersion = terms.data?.version;
  // The newest policy comes first; it is the one in force for a new member.
  const privacyVersion = privacy.data?.[0]?.version;
  const complete = agreementsFrom(checked.value) !== null;

  const submit = handleSubmit(async (agreements) => {
    if (!termsVersion || !privacyVersion || submitting) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await withLoadingOverlay(async () => {
        registered.current ??= await registerKakaoUser({
          kakaoToken,
          agreements,
          termsVersion,
          privacyVersion,
        });
        await finishKakaoLogin(registered.current, kakaoToken);
      });
      void navigate('/home', { replace: true });
    } catch (error) {
      recordActivity('SIGNUP_FAILURE', {
        statusCode: error instanceof ApiError && error.status >= 100 ? error.status : 500,
        errorReason: failureReason(error),
      });
      setFailure(agreementFailure(error));
      setSubmitting(false);
    }
  });

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Page title={messages.pages.loginAgreement} description={messages.agreement.description}>
        <CheckboxGroup
          aria-label={messages.pages.loginAgreement}
          value={checked.value}
          onValueChange={checked.onChange}
          allValues={[...AGREEMENT_ITEMS]}
          className={styles.group}
        >
          <div className={styles.all}>
            <CheckboxItem
              parent
              emphasis
              label={
                <span className={styles.allLabel}>
                  {messages.agreement.all}
                  <span className={styles.hint}>{messages.agreement.allHint}</span>
                </span>
              }
            />
          </div>
          <ul className={styles.items}>
            <li className={styles.item}>
              <CheckboxItem value="termsOfUse" label={messages.agreement.termsOfUse} />
              <TermsViewLink to="/login/termsofuse" label={messages.agreement.viewTermsOfUse} />
            </li>
            <li className={styles.item}>
              <CheckboxItem value="privacyPolicy" label={messages.agreement.privacyPolicy} />
              <TermsViewLink to="/login/privacyPolicy" label={messages.agreement.viewPrivacyPolicy} />
            </li>
            <li className={styles.item}>
              <CheckboxItem
                value="marketing"
                label={
                  <span className={styles.allLabel}>
                    {messages.agreement.marketing}
                    <span className={styles.hint}>{messages.agreement.marketingHint}</span>
                  </span>
                }
              />
            </li>
          </ul>
        </CheckboxGroup>

        {terms.isError || privacy.isError ? (
          <ErrorState
            error={terms.error ?? privacy.error}
            onRetry={() => {
              void terms.refetch();
              void privacy.refetch();
            }}
            retrying={terms.isFetching || privacy.isFetching}
          />
        ) : termsVersion && privacyVersion ? (
          <p className={styles.versions}>{messages.agreement.versions(termsVersion, privacyVersion)}</p>
        ) : terms.isPending || privacy.isPending ? (
          <Skeleton lines={1} label={messages.common.loading} />
        ) : (
          <NoticeMessage tone="error">{messages.empty.noPrivacyPolicy}</NoticeMessage>
        )}

        {failure && (
          <div className={styles.failure}>
            <NoticeMessage tone="error">{failure.message}</NoticeMessage>
            {failure.restart && (
              <Link to={LOGIN_PATH} replace className={styles.restart}>
                {messages.agreement.restart}
              </Link>
            )}
          </div>
        )}
      </Page>

      <div className={styles.submitBar}>
        {!complete && <p className={styles.submitHint}>{messages.agreement.requiredFirst}</p>}
        <Button
          type="submit"
          block
          disabled={!complete || !termsVersion || !privacyVersion}
          busy={submitting}
        >
          {messages.agreement.submit}
        </Button>
      </div>
    </form>
  );
}
