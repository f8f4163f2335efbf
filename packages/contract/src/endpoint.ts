import { z } from 'zod';

/** Every front API call lives under this prefix (spec §7). */
export const API_PREFIX = '/v1/api/front';

/**
 * Who may call an endpoint.
 * - `public`: anyone (counts, terms, shared pages, login).
 * - `user`: a valid access token.
 * - `pin`: a valid access token of a verified pin user (parent-only features).
 */
export type EndpointAuth = 'public' | 'user' | 'pin';

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Path below {@link API_PREFIX}, e.g. `common/total-user-mission`. */
  readonly path: string;
  readonly auth: EndpointAuth;
  /** One line for the API docs. */
  readonly summary: string;
  readonly request: Req;
  readonly response: Res;
}

/** Declares one POST endpoint of the front API. The server registers it, the web app calls it. */
export function defineEndpoint<Req extends z.ZodType, Res extends z.ZodType>(
  endpoint: Endpoint<Req, Res>,
): Endpoint<Req, Res> {
  return endpoint;
}

export type EndpointRequest<E extends Endpoint> = z.input<E['request']>;
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** A request that carries no fields; an absent body is read as `{}`. */
export const emptyRequestSchema = z.object({});

export function endpointUrl(endpoint: Endpoint): string {
  return `${API_PREFIX}/${endpoint.path}`;
}
