import { missionCertificationEndpoint } from '@hamkke/contract/routes';
import type { EndpointRequest } from '@hamkke/contract/endpoint';
import { callApi } from '@/shared/api/client.ts';

/**
 * Sends a certification kept on this device while offline (decision 048), with its idempotency key and
 * the time it was made. Its own module, not certification.ts: the offline queue loads it, and nothing
 * of the certify sheet's (the forbidden-word check, the celebration) comes with it.
 */
export function sendKeptCertification(
  input: EndpointRequest<typeof missionCertificationEndpoint> & { idempotencyKey: string; madeAt: string },
) {
  return callApi(missionCertificationEndpoint, input);
}
