import { z } from 'zod';

import type { EndpointRoute } from './route.ts';

export { API_PREFIX, endpointUrl } from './route.ts';

/**
 * Who may call an endpoint.
 * - `public`: anyone (counts, terms, shared pages, login).
 * - `user`: a valid access token.
 * - `pin`: a valid access token of a verified pin user (parent-only features).
 */
export type EndpointAuth = 'public' | 'user' | 'pin';

/**
 * Team-level access, checked once by the server before the handler runs: the body names the team
 * (`teamId`), and the caller must be a `member` of it or its `manager`. A non-member gets 404 (the
 * team's existence is not revealed); a member who is not the manager gets 403.
 */
export type TeamAccessLevel = 'member' | 'manager';

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Path below `API_PREFIX` (route.ts), e.g. `common/total-user-mission`. */
  readonly path: string;
  readonly auth: EndpointAuth;
  /** Set on endpoints about one team named by `teamId` in the body. */
  readonly team?: TeamAccessLevel;
  /** A multipart upload instead of a JSON body: the form field that carries the one file. */
  readonly multipart?: { readonly fileField: string };
  /** One line for the API docs. */
  readonly summary: string;
  readonly request: Req;
  readonly response: Res;
}

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
