import { extendTokenEndpoint } from '@hamkke/contract/routes';
import { callApi } from './client.ts';

/** Asks the server to keep the access token one more hour (spec §4); answers the new expiry. */
export function extendSession(signal?: AbortSignal) {
  return callApi(extendTokenEndpoint, {}, { signal });
}
