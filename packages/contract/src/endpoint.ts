import { z } from 'zod';

import type { Endpoint } from './endpoint-shape.ts';
import type { EndpointRoute } from './route.ts';

export type { Endpoint, EndpointAuth, TeamAccessLevel } from './endpoint-shape.ts';
export { API_PREFIX, endpointUrl } from './route.ts';

/**
 * Declares one POST endpoint of the front API. The server registers it, the web app calls it.
 * `const`: the path, auth level and team access stay literal types.
 */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/** The endpoint an endpoint or a route (route.ts) stands for; a union stays a union. */
export type EndpointOf<E extends Endpoint | EndpointRoute> = E extends Endpoint
  ? E
  : E extends EndpointRoute<infer Declared>
    ? Declared
    : never;
export type EndpointRequest<E extends Endpoint | EndpointRoute> = z.input<EndpointOf<E>['request']>;
export type EndpointResponse<E extends Endpoint | EndpointRoute> = z.output<EndpointOf<E>['response']>;

/** A request that carries no fields; an absent body is read as `{}`. */
export const emptyRequestSchema = z.object({});
