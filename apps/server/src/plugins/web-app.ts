import fastifyStatic from '@fastify/static';
import { APP_CONFIG_GLOBAL, type AppConfig } from '@hamkke/contract/system/app-config';
import { scriptSafeJson } from '@hamkke/contract/wire';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AFTER_PAINT_SCRIPT, STYLESHEET_LINK, startingAfterPaint } from './after-paint.ts';
import { contentSecurityPolicy, scriptHash } from './security-headers.ts';

const CONFIG_PLACEHOLDER = '<!--app-config-->';

/** Hashed build assets never change under the same name; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The service worker and the web app manifest the build writes (apps/web/vite.config.ts, decision 046). */
const SERVICE_WORKER = 'sw.js';
const MANIFEST = 'manifest.webmanifest';

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
  // A function, so a `$&` or `$'` in the text is written as it is, not read as a replacement pattern.
  return template.replace(CONFIG_PLACEHOLDER, () => `<script>${configScript(appConfig)}</script>`);
}

/**
 * The build's `route-preloads.json` (apps/web/route-preloads.ts): an entry page's own chunks and
 * styles, and whether the server draws it for each request.
 */
type RoutePreloads = Record<string, { scripts: string[]; styles: string[]; drawn?: boolean }>;
const ASSET = /^assets\/[\w.-]+\.(js|css)$/;

/**
 * The shell for one entry page: its chunks named up front, so they download with the first load. Its
 * styles are preloaded, or applied at once (`stylesheet`) when the shell carries the page's prerendered
 * markup, which they style at the first paint.
 */
export function withPreloads(
  html: string,
  preload: { scripts: string[]; styles: string[] },
  applyStyles = false,
): string {
  // `crossorigin` as Vite's own stylesheet links have it: a preload in another credentials mode is
  // not used, and the style is fetched twice.
  const styles = preload.styles
    .filter((file) => ASSET.test(file))
    .map((file) =>
      applyStyles
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="preload" as="style" crossorigin href="/${file}">`,
    );
  const scripts = preload.scripts
    .filter((file) => ASSET.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  // Styles ahead of every script (the build puts the app's own stylesheet there too): over HTTP/1.1's
  // six connections the first paint waits for them, not for the scripts queued before them.
  const firstScript = html.indexOf('<script type="module"');
  const withStyles =
    firstScript === -1
      ? html.replace('</head>', `${styles.join('')}</head>`)
      : `${html.slice(0, firstScript)}${styles.join('')}${html.slice(firstScript)}`;
  return withStyles.replace('</head>', `${scripts.join('')}</head>`);
}

/** A file of the build's output as text, or `null` when it is missing. */
function readDistFile(distDir: string, name: string): string | null {
  try {
    return fs.readFileSync(path.join(distDir, name), 'utf8');
  } catch {
    return null;
  }
}

/** A JSON file written by apps/web's build, or `{}` when it is missing or unreadable. */
function readBuildJson<T extends object>(distDir: string, name: string): Partial<T> {
  try {
    return JSON.parse(readDistFile(distDir, name) ?? '{}') as T;
  } catch {
    return {};
  }
}

/**
 * Whether a page path is one of route-preloads.json's routes: a prefix ending in a slash
 * (`/mission/shared/`, as written), or a path whose `:name` segments stand for any one segment
 * (`/login/auth`, `/team/:teamId/always/:subChallengeId`), read as the app's router reads it: a
 * trailing slash allowed, the words of the path in any case.
 */
export function routeMatches(route: string, pathName: string): boolean {
  if (route.endsWith('/')) return pathName.startsWith(route);
  const wanted = route.split('/');
  const given = (pathName.length > 1 ? pathName.replace(/\/$/, '') : pathName).split('/');
  return (
    wanted.length === given.length &&
    wanted.every((segment, index) =>
      segment.startsWith(':') ? given[index] !== '' : segment.toLowerCase() === given[index]!.toLowerCase(),
    )
  );
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** The shell with a page's prerendered markup (apps/web/src/prerender/) inside the app's root element. */
export function withPrerendered(html: string, markup: string): string {
  // A function: the markup may hold people's text, and `$'` or `$&` in it is text, not a pattern.
  return html.replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>`);
}

/**
 * The shell with its stylesheets written into it, so its first paint needs the HTML alone (one round
 * trip less for the prerendered page). The links move to the end of the body: the app's chunk loader
 * finds its page's styles there and does not fetch them again. Left as it was when a file is missing
 * or could close the style element.
 */
export function withInlineStyles(html: string, readAsset: (file: string) => string | null): string {
  const links = [...html.matchAll(STYLESHEET_LINK)];
  if (links.length === 0) return html;
  const styles = links.map(([, file]) => readAsset(file!));
  if (styles.some((css) => css === null || css.includes('</'))) return html;
  let head = html;
  for (const [tag] of links) head = head.replace(tag, '');
  const firstLink = html.indexOf(links[0]![0]);
  const inlined = `${head.slice(0, firstLink)}<style>${styles.join('\n')}</style>${head.slice(firstLink)}`;
  return inlined.replace('</body>', `${links.map(([tag]) => tag).join('')}</body>`);
}

/** A public endpoint's answer (its envelope's `response`), or `null` when it refuses the body. */
export type LoadAnswer = (endpoint: { path: string; auth: string }, body: unknown) => Promise<unknown>;

/** The web app's server-side build (apps/web/src/prerender/entry.tsx, built to dist/ssr/entry.js). */
interface ServerDrawing {
  drawPage(url: string, load: LoadAnswer): Promise<{ markup: string; data: string } | null>;
}

/**
 * The server-side build, loaded at the first page that needs it (not at start: react-dom/server is
 * memory no other request uses); `null` when the build has none or it fails to load.
 */
function serverDrawing(distDir: string, log: FastifyBaseLogger): () => Promise<ServerDrawing | null> {
  let loading: Promise<ServerDrawing | null> | null = null;
  return () =>
    (loading ??= import(pathToFileURL(path.join(distDir, 'ssr', 'entry.js')).href).then(
      (module: Partial<ServerDrawing>) =>
        typeof module.drawPage === 'function' ? (module as ServerDrawing) : null,
      (error: unknown) => {
        log.warn({ err: error }, 'the web build has no server-side drawing; pages are sent undrawn');
        return null;
      },
    ));
}

export interface WebApp {
  /**
   * Sends the SPA shell for a page address (path and query): `true` once it is sent, `false` when no
   * built web app exists. Not the reply itself: a reply is thenable, so awaiting one waits for the
   * answer to finish and yields `undefined` — a caller then took the sent page for a missing one.
   * `from`: the request's origin (link previews' addresses when `PUBLIC_ORIGIN` is unset) and address.
   */
  sendIndex(reply: FastifyReply, url?: string, from?: RequestFrom): Promise<boolean>;
}

/** Where a page request came from: the origin it names and the client's address. */
export interface RequestFrom {
  origin: string;
  address: string;
}

/** The shell with more tags at the end of its head (link previews, plugins/share-previews.ts). */
export function withHeadTags(html: string, tags: string): string {
  // A function: the tags hold people's text (escaped), and `$'` or `$&` in it is text, not a pattern.
  return html.replace('</head>', () => `${tags}</head>`);
}

/**
 * Serves the built web app: static files with cache headers, and the SPA shell (index.html with
 * the runtime configuration inlined) for every other page path.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    distDir: string;
    appConfig: AppConfig;
    kakaoSdk: boolean;
    loadAnswer: LoadAnswer;
    /** A page's link-preview tags (plugins/share-previews.ts), or `null` for none. */
    headTagsFor?: (url: string, from: RequestFrom) => Promise<string | null>;
  },
): Promise<WebApp> {
  const indexPath = path.join(options.distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ distDir: options.distDir }, 'no built web app found; run `npm run build`');
    return { sendIndex: async () => false };
  }
  const drawing = serverDrawing(options.distDir, app.log);
  const indexHtml = renderIndexHtml(fs.readFileSync(indexPath, 'utf8'), options.appConfig);
  const preloads = readBuildJson<RoutePreloads>(options.distDir, 'route-preloads.json');
  const readAsset = (file: string) => readDistFile(options.distDir, file);
  // Entry pages drawn at build time (dist/prerendered.json), by path.
  const prerendered = readBuildJson<Record<string, string>>(options.distDir, 'prerendered.json');
  const entryPages = Object.entries(preloads).flatMap(([route, preload]) => {
    if (!preload) return [];
    const markup = prerendered[route];
    // The shell of a page that is seen before its scripts run (prerendered, or drawn on the server):
    // styled from the first paint, its scripts asked for once it is painted.
    const styledShell = () =>
      startingAfterPaint(withInlineStyles(withPreloads(indexHtml, preload, true), readAsset));
    return [
      {
        matches: (pathName: string) => routeMatches(route, pathName),
        html: withPreloads(indexHtml, preload),
        // The prerendered page is the page without a query: `?reason=` adds a notice to it.
        prerendered: typeof markup === 'string' ? withPrerendered(styledShell(), markup) : null,
        drawnShell: preload.drawn === true ? styledShell() : null,
      },
    ];
  });
  const htmlFor = async (url = '/') => {
    const [pathName = '/', query] = url.split('?');
    const page = entryPages.find((entry) => entry.matches(pathName));
    if (!page) return indexHtml;
    if (page.drawnShell) {
      const drawn = await drawPage(url);
      // The data block goes in before the markup, whose text could hold anything.
      if (drawn)
        return withPrerendered(
          page.drawnShell.replace('</body>', () => `${drawn.data}</body>`),
          drawn.markup,
        );
    }
    return (query === undefined && page.prerendered) || page.html;
  };
  /** The page drawn with its data, or `null` (no server-side build, no data, or a failure, logged). */
  const drawPage = async (url: string) => {
    try {
      return (await (await drawing())?.drawPage(url, options.loadAnswer)) ?? null;
    } catch (error) {
      app.log.error({ err: error, url }, 'drawing a page failed; sent undrawn');
      return null;
    }
  };
  const csp = contentSecurityPolicy({
    inlineScriptHashes: [scriptHash(configScript(options.appConfig)), scriptHash(AFTER_PAINT_SCRIPT)],
    kakaoSdk: options.kakaoSdk,
  });

  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build's `.br` and `.gz` of each asset (apps/web/build-assets.ts), sent as they are.
    preCompressed: true,
    // The raw template lacks the runtime configuration: /index.html falls through to the shell. The
    // server-side build (ssr/) is the server's, not the browser's.
    allowedPath: (pathName) => pathName !== '/index.html' && !/^\/ssr(\/|$)/.test(pathName),
    setHeaders: (reply, filePath) => {
      const relative = path.relative(options.distDir, filePath);
      reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      if (filePath.endsWith('.html')) reply.header('content-security-policy', csp);
      // The installable app (decision 046): the service worker is revalidated on every update check
      // (no-cache, above) and controls the whole origin; the manifest is named by its own type.
      if (relative === SERVICE_WORKER) reply.header('service-worker-allowed', '/');
      if (relative === MANIFEST) reply.header('content-type', 'application/manifest+json; charset=utf-8');
    },
  });

  return {
    sendIndex: async (reply, url, from) => {
      const [html, tags] = await Promise.all([
        htmlFor(url),
        url && from && options.headTagsFor ? options.headTagsFor(url, from) : null,
      ]);
      void reply
        .header('cache-control', REVALIDATE)
        .header('content-security-policy', csp)
        .type('text/html; charset=utf-8')
        .send(tags ? withHeadTags(html, tags) : html);
      return true;
    },
  };
}
