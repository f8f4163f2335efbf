import fastifyStatic from '@fastify/static';
import { APP_CONFIG_GLOBAL, type AppConfig } from '@hamkke/contract/system/app-config';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { contentSecurityPolicy, scriptHash } from './security-headers.ts';

const CONFIG_PLACEHOLDER = '<!--app-config-->';

/** Hashed build assets never change under the same name; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** JSON that is safe inside a <script> element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The inline script carrying the runtime configuration (allowed by its hash in the CSP). It also
 * tells zod, before any schema is built, not to compile parsers with `new Function`: the CSP has no
 * `unsafe-eval`, and zod's probe for it would be reported as a violation. zod reads its settings
 * from `globalThis.__zod_globalConfig` when it loads, so this must run before the bundle.
 */
export function configScript(appConfig: AppConfig): string {
  return `window.${APP_CONFIG_GLOBAL}=${scriptSafeJson(appConfig)};globalThis.__zod_globalConfig={jitless:true}`;
}

export function renderIndexHtml(template: string, appConfig: AppConfig): string {
  return template.replace(CONFIG_PLACEHOLDER, `<script>${configScript(appConfig)}</script>`);
}

/** The build's `route-preloads.json` (apps/web/route-preloads.ts): an entry page's own chunks and styles. */
type RoutePreloads = Record<string, { scripts: string[]; styles: string[] }>;
const ASSET = /^assets\/[\w.-]+\.(js|css)$/;

/** The shell for one entry page: its chunks named up front, so they download with the first load. */
export function withPreloads(html: string, preload: { scripts: string[]; styles: string[] }): string {
  const links = [
    ...preload.styles
      .filter((file) => ASSET.test(file))
      .map((file) => `<link rel="preload" as="style" href="/${file}">`),
    ...preload.scripts
      .filter((file) => ASSET.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  return html.replace('</head>', `${links.join('')}</head>`);
}

function readPreloads(distDir: string): RoutePreloads {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, 'route-preloads.json'), 'utf8')) as RoutePreloads;
  } catch {
    return {};
  }
}

export interface WebApp {
  /** Sends the SPA shell for a page path; `null` when no built web app exists. */
  sendIndex(reply: FastifyReply, pathName?: string): FastifyReply | null;
}

/**
 * Serves the built web app: static files with cache headers, and the SPA shell (index.html with
 * the runtime configuration inlined) for every other page path.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { distDir: string; appConfig: AppConfig; kakaoSdk: boolean },
): Promise<WebApp> {
  const indexPath = path.join(options.distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ distDir: options.distDir }, 'no built web app found; run `npm run build`');
    return { sendIndex: () => null };
  }
  const indexHtml = renderIndexHtml(fs.readFileSync(indexPath, 'utf8'), options.appConfig);
  // `/login/auth` exactly, or a prefix ending in a slash (`/mission/shared/`).
  const entryPages = Object.entries(readPreloads(options.distDir)).map(([route, preload]) => ({
    matches: (pathName: string) => (route.endsWith('/') ? pathName.startsWith(route) : pathName === route),
    html: withPreloads(indexHtml, preload),
  }));
  const htmlFor = (pathName: string | undefined) =>
    (pathName && entryPages.find((page) => page.matches(pathName))?.html) || indexHtml;
  const csp = contentSecurityPolicy({
    inlineScriptHashes: [scriptHash(configScript(options.appConfig))],
    kakaoSdk: options.kakaoSdk,
  });

  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    // The raw template lacks the runtime configuration: /index.html falls through to the shell.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (reply, filePath) => {
      const relative = path.relative(options.distDir, filePath);
      reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      if (filePath.endsWith('.html')) reply.header('content-security-policy', csp);
    },
  });

  return {
    sendIndex: (reply, pathName) =>
      reply
        .header('cache-control', REVALIDATE)
        .header('content-security-policy', csp)
        .type('text/html; charset=utf-8')
        .send(htmlFor(pathName)),
  };
}
