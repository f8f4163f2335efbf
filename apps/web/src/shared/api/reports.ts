import { reportNoticeSeenEndpoint, reportNoticesEndpoint } from '@hamkke/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from './client.ts';
import { userScope } from './user-scope.ts';

/** The author's report outcomes (decision 045); the report itself is sent by the report sheet. */
export const reportKeys = {
  notices: () => ['reports', userScope(), 'notices'] as const,
};

/** What happened to the person's reported certifications, not acknowledged yet. */
export function reportNoticesQueryOptions() {
  return queryOptions({
    queryKey: reportKeys.notices(),
    queryFn: ({ signal }) => callApi(reportNoticesEndpoint, {}, { signal }),
  });
}

export function acknowledgeReportNotice(certificationId: string) {
  return callApi(reportNoticeSeenEndpoint, { certificationId });
}
