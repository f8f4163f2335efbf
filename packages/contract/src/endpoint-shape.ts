import type { z } from 'zod';

/*
 * What an endpoint is, as types only: endpoint.ts (which declares endpoints with zod) and route.ts
 * (which must not load zod) both build on it, so neither imports the other back. Import these from
 * endpoint.ts, which re-exports them.
 */

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
