import type { EndpointAuth } from '@hamkke/contract/endpoint';
import { SESSION_HEADER, decodeSessionHeader } from '@hamkke/contract/session-header';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { TokenService } from '../modules/auth/token.service.ts';

export interface SessionUser {
  userId: number;
  /** Hash of the access token this request came with (for extension and logout). */
  tokenHash: string;
  userType: 'PARENT' | 'CHILD';
  pinVerified: boolean;
  /** Epoch ms when the current access token expires. */
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Declared by every front API route (see plugins/endpoints.ts). */
    auth?: EndpointAuth;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authentication in one place. The Bearer access token alone proves who calls; the session
 * header (userId + loginKey) only names a person, and a header naming someone else than the
 * token's owner is refused. Routes declare `public`, `user` or `pin`; API routes default to `user`.
 */
export function registerAuth(app: FastifyInstance, deps: { tokens: TokenService; apiPrefix: string }): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const declared = request.routeOptions.config.auth;
    const level: EndpointAuth =
      declared ?? (request.routeOptions.url?.startsWith(deps.apiPrefix) ? 'user' : 'public');

    const token = bearerToken(request);
    if (!token) {
      if (level === 'public') return;
      throw new AppError('UNAUTHORIZED', 'An access token is required');
    }
    const owner = await deps.tokens.authenticate(token);
    if (!owner) {
      if (level === 'public') return;
      throw new AppError('UNAUTHORIZED', 'The access token is invalid or expired');
    }
    const rawHeader = request.headers[SESSION_HEADER];
    if (rawHeader !== undefined) {
      const named = decodeSessionHeader(Array.isArray(rawHeader) ? rawHeader[0] : rawHeader);
      if (!named || named.userId !== String(owner.userId)) {
        throw new AppError('SESSION_MISMATCH', 'The session header does not match the access token');
      }
    }
    request.session = {
      userId: owner.userId,
      tokenHash: owner.tokenHash,
      userType: owner.userType,
      pinVerified: owner.pinVerified,
      expiresAt: Date.parse(owner.expiresAt),
    };
    if (level === 'pin' && !owner.pinVerified) {
      throw new AppError('PIN_REQUIRED', 'Only a verified pin user may do this');
    }
  });
}

/**
 * The calls whose spec §7 body is `{userId, loginKey}` (check-user-status, my/check-pin-user,
 * my/myinfo): the body names a person as the session header does, and is held to the same rule —
 * the token proves who calls, a userId naming someone else is refused, the loginKey is not read
 * (decision 035).
 */
export function refuseBodyNamingAnother(session: SessionUser, body: { userId?: string | undefined }): void {
  if (body.userId !== undefined && body.userId !== String(session.userId)) {
    throw new AppError('SESSION_MISMATCH', "The body's userId does not match the access token");
  }
}
