import type { EndpointRequest } from '@hamkke/contract/endpoint';
import { pushKeyEndpoint, pushSubscribeEndpoint, pushUnsubscribeEndpoint } from '@hamkke/contract/routes';
import { callApi } from '../../api/client.ts';

/** Web Push's calls (decision 047), made by web-push.ts (loaded with the reminder offer, not at start). */

/** The server's VAPID public key (empty when push is not configured). */
export function pushKey() {
  return callApi(pushKeyEndpoint, {});
}

/** Hands this browser's subscription to the server. */
export function subscribePush(subscription: EndpointRequest<typeof pushSubscribeEndpoint>) {
  return callApi(pushSubscribeEndpoint, subscription);
}

/** Tells the server to forget this browser's subscription. */
export function unsubscribePush(endpoint: string) {
  return callApi(pushUnsubscribeEndpoint, { endpoint });
}
