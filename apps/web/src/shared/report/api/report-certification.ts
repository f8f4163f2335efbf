import type { EndpointRequest } from '@hamkke/contract/endpoint';
import { reportCertificationEndpoint } from '@hamkke/contract/routes';
import { callApi } from '../../api/client.ts';

/**
 * Reports a certification seen on a shared day (with its link) or in a team (decision 045). Made by
 * the report sheet, a chunk of its own: the author's report outcomes are shared/api/reports.ts's.
 */
export function reportCertification(input: EndpointRequest<typeof reportCertificationEndpoint>) {
  return callApi(reportCertificationEndpoint, input);
}
