import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@/shared/routing/link.tsx';
import { useParams } from '@/shared/routing/location.ts';
import { apiErrorCode } from '@/shared/api/api-error.ts';
import { messages } from '@/shared/messages.ts';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { childLinkInfoQueryOptions } from '../api/child-links.ts';
import { childLinkRedirect, isChildLinkToken, type ChildLinkPurpose } from '../child-link-rules.ts';
import { ChildPasswordResetForm } from './child-password-reset-form.tsx';
import { ChildRegisterForm } from './child-register-form.tsx';
import styles from './child-link.module.css';
import { DeadChildLink } from './dead-child-link.tsx';

const pageTitles: Record<ChildLinkPurpose, string> = {
  REGISTER: messages.pages.loginChildRegister,
  RESET_PASSWORD: messages.pages.loginChildPassword,
};

/**
 * /login/id/{token} and /login/pw/{token}: what the link is for, then its form. A link opened on the
 * other page moves to its own; a used, expired or unknown link says so and what to do.
 */
export function ChildLinkPage({ purpose }: { purpose: ChildLinkPurpose }) {
  const { id } = useParams();
  const token = isChildLinkToken(id) ? id : null;
  const info = useQuery({ ...childLinkInfoQueryOptions(token ?? ''), enabled: token !== null });

  if (token === null) return <DeadChildLink />;
  if (info.isPending) {
    return (
      <Page title={pageTitles[purpose]}>
        <div className={styles.loading}>
          <Skeleton heading lines={2} label={messages.common.loading} />
          <Skeleton lines={3} label={messages.common.loading} />
        </div>
      </Page>
    );
  }
  if (info.isError) {
    const code = apiErrorCode(info.error);
    if (code === 'NOT_FOUND' || code === 'VALIDATION_FAILED') return <DeadChildLink />;
    return (
      <Page title={pageTitles[purpose]}>
        <ErrorState error={info.error} onRetry={() => void info.refetch()} retrying={info.isFetching} />
      </Page>
    );
  }

  const redirect = childLinkRedirect(purpose, info.data.purpose, token);
  if (redirect !== null) return <Navigate to={redirect} replace />;
  return purpose === 'REGISTER' ? (
    <ChildRegisterForm key={token} token={token} info={info.data} documentTitle={pageTitles[purpose]} />
  ) : (
    <ChildPasswordResetForm key={token} token={token} info={info.data} documentTitle={pageTitles[purpose]} />
  );
}
