import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorState } from './state.ts';

/** Every emulator route is public to the app's auth hook. */
export const PUBLIC = { config: { auth: 'public' as const } };

/** Kakao's answer to an unknown, expired or missing access token. */
export const INVALID_TOKEN_BODY = { msg: 'this access token does not exist', code: -401 } as const;

export function single(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function bearer(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

export function isFormRequest(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('application/x-www-form-urlencoded');
}

/** "Kakao down": kauth answers in OAuth's shape, kapi in its `{msg, code}` shape. */
export function sendUnavailable(reply: FastifyReply, kind: 'oauth' | 'api') {
  const body =
    kind === 'oauth'
      ? { error: 'server_error', error_description: 'Kakao is temporarily unavailable (emulator down)' }
      : { msg: 'service is temporarily unavailable (emulator down)', code: -7 };
  return reply.status(503).header('retry-after', '5').send(body);
}

export function sendJsonText(reply: FastifyReply, text: string) {
  return reply.type('application/json;charset=UTF-8').send(text);
}

/** What every group of emulator routes is given. */
export interface RouteContext {
  /** The emulator's path prefix, without a trailing slash. */
  prefix: string;
  /** The REST API key the emulator accepts. */
  clientId: string;
  clientSecret: string | null;
  /** Registered redirect URIs; `null`: any absolute http(s) URI. */
  redirectUris: readonly string[] | null;
  /** Kakao's `app_id` in `access_token_info`. */
  appId: number;
  clock: () => Date;
  state: EmulatorState;
}
