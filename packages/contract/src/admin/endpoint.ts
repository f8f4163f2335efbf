import { z } from 'zod';

/** The operator console's API: its own prefix, its own session (a cookie), never an app token. */
export const ADMIN_API_PREFIX = '/v1/api/admin';
/** The operator session cookie (HttpOnly, SameSite=Strict, Secure in production, path = the prefix). */
export const OPERATOR_COOKIE = 'hamkke_operator';
/** Cookie-authenticated writes carry the session's CSRF token in this header. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * - `admin`: everything, operators included.
 * - `content`: challenges, missions, notices, popups, terms, FAQ, forbidden words, badge rules.
 * - `support`: people lookup, logs, rewards.
 */
export const operatorRoles = ['admin', 'content', 'support'] as const;
export const operatorRoleSchema = z.enum(operatorRoles);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

/**
 * Who may call an admin endpoint: `public` (the login), `operator` (anyone signed in), or the roles
 * listed (an `admin` may always).
 */
export type AdminAccess = 'public' | 'operator' | readonly OperatorRole[];

export interface AdminEndpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Path below {@link ADMIN_API_PREFIX}, e.g. `notices/list`. */
  readonly path: string;
  readonly access: AdminAccess;
  /**
   * False only for `auth/me`, the read that hands the CSRF token to a reloaded page (a cross-site
   * page cannot read the answer, and the SameSite=Strict cookie does not go with it anyway).
   */
  readonly csrf?: false;
  /** A larger request body than the server's default (1 MiB), in bytes: the registry's CSV upload. */
  readonly bodyLimit?: number;
  readonly summary: string;
  readonly request: Req;
  readonly response: Res;
}

export function defineAdminEndpoint<const E extends AdminEndpoint>(endpoint: E): E {
  return endpoint;
}

/** What the console sends to an admin endpoint, and what it answers. */
export type AdminEndpointRequest<E extends AdminEndpoint> = z.input<E['request']>;
export type AdminEndpointResponse<E extends AdminEndpoint> = z.output<E['response']>;

export function adminEndpointUrl(endpoint: AdminEndpoint): string {
  return `${ADMIN_API_PREFIX}/${endpoint.path}`;
}

/** Whether an operator of `role` may call an endpoint of `access`. */
export function roleMayCall(role: OperatorRole, access: AdminAccess): boolean {
  if (access === 'public' || access === 'operator') return true;
  return role === 'admin' || access.includes(role);
}

/** A page request of the console's lists. */
export const pageRequestSchema = z.object({
  offset: z.number().int().min(0).max(1_000_000).default(0),
  limit: z.number().int().min(1).max(100).default(20),
});
