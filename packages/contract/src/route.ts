import type { Endpoint, EndpointAuth } from './endpoint-shape.ts';

/* No zod here, nor in anything this module imports at run time: the web app's first load carries it. */

/** `GET /v1/health`: 200 when the database answers, 503 when it does not. Not enveloped (health.ts). */
export const HEALTH_PATH = '/v1/health';

/** The global the server inlines the app's configuration into (system/app-config.ts). */
export const APP_CONFIG_GLOBAL = '__APP_CONFIG__';

/**
 * The global where a page seen before its scripts run keeps the button tapped before the app was
 * live (apps/server/src/plugins/after-paint.ts), for the app to press once it has drawn the page.
 */
export const EARLY_TAP_GLOBAL = '__EARLY_TAP__';

/** Every front API call lives under this prefix (spec §7). */
export const API_PREFIX = '/v1/api/front';

/**
 * Where an endpoint is and who may call it, without its schemas: what the web app needs to call it.
 * The endpoint itself rides along as a type only, so a call's body and answer keep the contract's types.
 */
export interface EndpointRoute<E extends Endpoint = Endpoint> {
  readonly path: E['path'];
  readonly auth: EndpointAuth;
  /** Never set: carries the endpoint's type. */
  readonly endpoint?: E;
}

export function route<E extends Endpoint>(path: E['path'], auth: E['auth']): EndpointRoute<E> {
  return { path, auth };
}

export function endpointUrl(endpoint: Pick<Endpoint, 'path'>): string {
  return `${API_PREFIX}/${endpoint.path}`;
}
