import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';

/** Where Kakao's JavaScript SDK is loaded from (apps/web/src/shared/lib/kakao-share.ts). */
export const KAKAO_SDK_ORIGIN = 'https://t1.kakaocdn.net';

/** `'sha256-…'` of an inline script's text, for a Content-Security-Policy source list. */
export function scriptHash(scriptText: string): string {
  return `'sha256-${createHash('sha256').update(scriptText, 'utf8').digest('base64')}'`;
}

/**
 * The web app's Content-Security-Policy. Scripts come from this origin, plus the one inlined
 * runtime configuration by its hash, plus Kakao's SDK host when sharing through Kakao is set up.
 * Styles allow inline attributes (the static welcome page and the UI library's positioning);
 * an injected style cannot run code. Nothing may frame the app or load plugins.
 */
export function contentSecurityPolicy(options: { inlineScriptHashes: string[]; kakaoSdk: boolean }): string {
  const kakao = options.kakaoSdk ? [KAKAO_SDK_ORIGIN] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...options.inlineScriptHashes, ...kakao],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Photos and previews (blob:), Kakao profile pictures.
    'img-src': ["'self'", 'data:', 'blob:', 'https://*.kakaocdn.net'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(options.kakaoSdk ? ['https://*.kakao.com'] : [])],
    // The service worker (/sw.js) and the web app manifest come from this origin alone (decision 046).
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Powerful features the app never uses are off for it and for anything it embeds. Only features
 * Chromium knows: an unknown one (`bluetooth`) is logged as an error on every page.
 */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), browsing-topics=()';

/** Two years, as the HSTS preload list asks. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Headers on every answer: no sniffing, no framing, a strict referrer, the permissions policy,
 * HSTS in production, and `no-store` on every API answer (they carry tokens or a family's data;
 * an answer that chose its own caching keeps it: photos are private and asked again each time, as their certification can be hidden, issue 46).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { production: boolean }): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // The app is never meant to run inside another site's frame (older browsers; CSP says it too).
    reply.header('x-frame-options', 'DENY');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (options.production) reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

/**
 * A `www.` host is sent to the configured public origin (spec §6), never to a host the request
 * named: an unconfigured server serves `www.` requests as they come.
 */
export function registerWwwRedirect(app: FastifyInstance, publicOrigin: string | null): void {
  if (!publicOrigin) return;
  const origin = new URL(publicOrigin);
  const wwwHost = `www.${origin.host}`.toLowerCase();
  app.addHook('onRequest', async (request, reply) => {
    if ((request.headers.host ?? '').toLowerCase() === wwwHost) {
      return reply.redirect(`${origin.origin}${request.url}`, 301);
    }
  });
}
