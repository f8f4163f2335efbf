import { FileText } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '@/shared/messages.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { privacyPolicyListQueryOptions } from '@/shared/api/terms.ts';
import { TermsDocument } from '../components/terms-document.tsx';
import { VersionSelect } from '../components/version-select.tsx';

interface PrivacyPolicyPageProps {
  title: string;
  backTo?: string;
}

/** /home/privacyPolicy and /login/privacyPolicy: every version arrives at once, newest first. */
export function PrivacyPolicyPage({ title, backTo }: PrivacyPolicyPageProps) {
  const policies = useQuery(privacyPolicyListQueryOptions());
  const [chosenVersion, setChosenVersion] = useState<string | null>(null);

  if (policies.isPending) {
    return (
      <Page title={title} backTo={backTo}>
        <Skeleton heading lines={8} label={messages.common.loading} />
      </Page>
    );
  }
  if (policies.isError) {
    return (
      <Page title={title} backTo={backTo}>
        <ErrorState
          error={policies.error}
          onRetry={() => void policies.refetch()}
          retrying={policies.isFetching}
        />
      </Page>
    );
  }

  const shown = policies.data.find((policy) => policy.version === chosenVersion) ?? policies.data[0];
  return (
    <Page title={title} backTo={backTo}>
      {shown === undefined ? (
        <EmptyState icon={FileText} message={messages.empty.noPrivacyPolicy} />
      ) : (
        <>
          <VersionSelect versions={policies.data} value={shown.version} onChange={setChosenVersion} />
          <TermsDocument document={shown} />
        </>
      )}
    </Page>
  );
}
