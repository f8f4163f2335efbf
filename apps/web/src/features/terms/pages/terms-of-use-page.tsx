import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '@/shared/messages.ts';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { termsOfUseQueryOptions } from '@/shared/api/terms.ts';
import { TermsDocument } from '../components/terms-document.tsx';
import { VersionSelect } from '../components/version-select.tsx';

interface TermsOfUsePageProps {
  title: string;
  backTo?: string;
}

/** /terms, /home/termsofuse and /login/termsofuse: the terms in force, or an earlier version. */
export function TermsOfUsePage({ title, backTo }: TermsOfUsePageProps) {
  const [version, setVersion] = useState<string | undefined>(undefined);
  // Keep the shown version on screen while another one loads, so the select does not vanish.
  const terms = useQuery({ ...termsOfUseQueryOptions(version), placeholderData: keepPreviousData });

  return (
    <Page title={title} backTo={backTo}>
      {terms.isPending ? (
        <Skeleton heading lines={8} label={messages.common.loading} />
      ) : terms.isError ? (
        <ErrorState error={terms.error} onRetry={() => void terms.refetch()} retrying={terms.isFetching} />
      ) : (
        <>
          <VersionSelect
            versions={terms.data.versions}
            value={terms.data.version}
            onChange={setVersion}
            disabled={terms.isPlaceholderData}
          />
          <TermsDocument document={terms.data} />
        </>
      )}
    </Page>
  );
}
