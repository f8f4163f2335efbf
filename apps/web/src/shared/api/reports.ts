import {
  reportCertificationEndpoint,
  reportNoticeSeenEndpoint,
  reportNoticesEndpoint,
} from '@hamkke/contract/routes';
import type { ReportReason } from '@hamkke/contract/mission/report';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from './client.ts';
import { userScope } from './user-scope.ts';

/** Reports a certification seen on a shared day (with its link) or in a team (decision 045). */
export function reportCertification(input: {
  certificationId: string;
  reason: ReportReason;
  note?: string;
  shareUuid?: string;
}) {
  return callApi(reportCertificationEndpoint, input);
}

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
