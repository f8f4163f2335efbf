import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { AFTER_PAINT_ID, AFTER_PAINT_SCRIPT } from './after-paint.ts';
import { scriptHash } from './security-headers.ts';
import { routeMatches, withInlineStyles } from './web-app.ts';
import { createFreshDatabase, testConfig, type FreshDatabase } from '../../test/harness.ts';
import type { FastifyInstance } from 'fastify';

/** What a shell's after-paint loader will load, or `null` when it has none. */
function afterPaintOf(html: string): unknown {
  const block = new RegExp(`<script type="application/json" id="${AFTER_PAINT_ID}">(.*?)</script>`).exec(
    html,
  );
  return block ? JSON.parse(block[1]!) : null;
}

describe('serving the web app', () => {
  let database: FreshDatabase;
  let app: FastifyInstance;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="ko"><head><!--app-config--><script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(
      path.join(dist, 'assets', 'index-Ab12Cd34.js'),
      `console.log("${'함께'.repeat(4000)}");`,
    );
    fs.writeFileSync(path.join(dist, 'welcome.html'), '<!doctype html><title>welcome</title>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"함께미션","start_url":"/home"}');
    fs.writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><title>연결이 끊겼어요</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'login-auth-page-X1.css'), '.hero{color:navy}');
    fs.writeFileSync(path.join(dist, 'assets', 'shared-mission-page-Y2.css'), '.day{color:teal}');
    // An asset the build also wrote compressed (apps/web/build-assets.ts).
    fs.writeFileSync(path.join(dist, 'assets', 'styles-Pc12.css'), `.a{color:red}${' '.repeat(3000)}`);
    fs.writeFileSync(
      path.join(dist, 'assets', 'styles-Pc12.css.br'),
      zlib.brotliCompressSync(`.a{color:red}${' '.repeat(3000)}`),
    );
    fs.writeFileSync(
      path.join(dist, 'prerendered.json'),
      JSON.stringify({ '/login/auth': '<main id="main"><h1>함께미션 시작하기</h1></main>' }),
    );
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        '/login/auth': {
          scripts: ['assets/login-auth-page-X1.js'],
          styles: ['assets/login-auth-page-X1.css'],
        },
        '/mission/shared/': {
          scripts: ['assets/shared-mission-page-Y2.js', '../../etc/passwd'],
          styles: ['assets/shared-mission-page-Y2.css'],
          drawn: true,
        },
        '/team/:teamId/always/:subChallengeId': {
          scripts: ['assets/team-detail-pages-Z3.js'],
          styles: [],
        },
      }),
    );
    // The server-side build's drawing (apps/web/src/prerender/draw-page.tsx), standing in for the
    // React one the browser tests draw: by the page's first segment after /mission/shared/.
    fs.mkdirSync(path.join(dist, 'ssr'));
    fs.writeFileSync(
      path.join(dist, 'ssr', 'entry.js'),
      `export async function drawPage(url, load) {
        const key = url.split('?')[0].split('/')[3];
        if (key === 'fails') throw new Error('drawing failed');
        const asks = {
          counted: [{ path: 'common/total-user-count', auth: 'public' }, {}],
          refused: [{ path: 'mission/shared-certifications', auth: 'public' }, { uuid: 'x', date: '2026-11-20' }],
          private: [{ path: 'my/my-info', auth: 'user' }, {}],
          dollars: [{ path: 'common/total-user-count', auth: 'public' }, {}],
        }[key];
        if (!asks) return null;
        const answer = await load(...asks);
        if (answer === null) return null;
        // People's text can hold what String.replace would read as patterns.
        const said = key === 'dollars' ? " $' $& $$ $\` </body> " : '';
        return {
          markup: '<main id="main">' + answer + '명이 함께해요' + said + '</main>',
          data: '<script type="application/json" id="page-data">[[["count"],' + answer + ']]</script>',
        };
      }`,
    );
    database = await createFreshDatabase({ name: 'sqlite' });
    app = await buildApp({
      config: testConfig({ WEB_DIST_DIR: dist, CS_PHONE: '1600-1234', COMPANY_NAME: '테스트</script>회사' }),
      db: database.db,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers any page path with the SPA shell carrying the runtime configuration', async () => {
    for (const url of ['/', '/home', '/team/12/34/always', '/index.html', '/no/such/page?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('window.__APP_CONFIG__=');
      expect(res.body).toContain('1600-1234');
      expect(res.body).not.toContain('<!--app-config-->');
    }
  });

  it("names an entry page's own chunks in its shell, and no other page's", async () => {
    const login = (await app.inject({ method: 'GET', url: '/login/auth?from=kakao' })).body;
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/login-auth-page-X1.js">');
    expect(login).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/login-auth-page-X1.css">',
    );
    const shared = (await app.inject({ method: 'GET', url: '/mission/shared/abc/2026-11-20' })).body;
    expect(shared).toContain('href="/assets/shared-mission-page-Y2.js"');
    // Only hashed assets are ever named.
    expect(shared).not.toContain('passwd');
    expect(shared).not.toContain('login-auth-page');
    for (const url of ['/home', '/login/authx', '/my']) {
      expect((await app.inject({ method: 'GET', url })).body, url).not.toContain('modulepreload');
    }
    // A daily page's route with params: any team's page of that kind, and no other page.
    for (const url of ['/team/Ab12Cd/always/7', '/team/Ab12Cd/Always/7/?tab=1']) {
      expect((await app.inject({ method: 'GET', url })).body, url).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/team-detail-pages-Z3.js">',
      );
    }
    for (const url of ['/team/Ab12Cd/always/7/ranking', '/team/member/Ab12Cd/always', '/team//always/7']) {
      expect((await app.inject({ method: 'GET', url })).body, url).not.toContain('modulepreload');
    }
  });

  it('matches a route exactly, by prefix or by pattern, as the app does', () => {
    expect(routeMatches('/login/auth', '/login/auth')).toBe(true);
    expect(routeMatches('/login/auth', '/login/auth/')).toBe(true);
    expect(routeMatches('/login/auth', '/Login/Auth')).toBe(true);
    expect(routeMatches('/login/auth', '/login/authx')).toBe(false);
    expect(routeMatches('/login/auth', '/login')).toBe(false);
    expect(routeMatches('/mission/shared/', '/mission/shared/u/2026-11-20')).toBe(true);
    expect(routeMatches('/mission/shared/', '/mission/sharedx')).toBe(false);
    const ranking = '/team/:teamId/challenge/:challengeId/:subChallengeId/ranking';
    expect(routeMatches(ranking, '/team/Ab12Cd/challenge/3/9/ranking')).toBe(true);
    expect(routeMatches(ranking, '/team/Ab12Cd/challenge/3/9')).toBe(false);
    expect(routeMatches(ranking, '/team/Ab12Cd/always/3/9/ranking')).toBe(false);
    expect(routeMatches(ranking, '/team/Ab12Cd/challenge/3//ranking')).toBe(false);
    expect(routeMatches('/', '/')).toBe(true);
  });

  it("puts a prerendered page's markup in its shell, styled from the first paint, only without a query", async () => {
    const login = (await app.inject({ method: 'GET', url: '/login/auth' })).body;
    expect(login).toContain('<div id="root"><main id="main"><h1>함께미션 시작하기</h1></main></div>');
    // Its styles are written into the shell: the first paint needs the HTML alone. Its scripts and
    // stylesheet links are asked for by the loader once the page is painted (the links, for the app's
    // chunk loader to find); none is named in a tag the browser would fetch before that.
    expect(login).toContain('<style>.hero{color:navy}</style>');
    expect(login).not.toContain('<script type="module"');
    expect(login).not.toContain('<link rel="modulepreload"');
    expect(login).not.toContain('<link rel="stylesheet"');
    expect(afterPaintOf(login)).toEqual({
      styles: ['/assets/login-auth-page-X1.css'],
      modules: ['/assets/login-auth-page-X1.js'],
      entry: '/assets/index-Ab12Cd34.js',
    });
    expect(login).toContain(`<script>${AFTER_PAINT_SCRIPT}</script></body>`);
    expect(login).toContain('window.__APP_CONFIG__=');
    // `?reason=` draws a notice the build's markup lacks: the plain shell, as before.
    const withReason = (await app.inject({ method: 'GET', url: '/login/auth?reason=expired' })).body;
    expect(withReason).toContain('<div id="root"></div>');
    // A page that needs its scripts to be seen names them at once.
    expect(withReason).toContain('<script type="module" crossorigin src="/assets/index-Ab12Cd34.js">');
    expect(afterPaintOf(withReason)).toBeNull();
    expect(withReason).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/login-auth-page-X1.css">',
    );
    for (const url of ['/home', '/mission/shared/abc/2026-11-20', '/login/authx']) {
      expect((await app.inject({ method: 'GET', url })).body, url).toContain('<div id="root"></div>');
    }
  });

  it('draws a drawn page for each request with its public data, styled, and sends it undrawn when it cannot', async () => {
    const counted = await app.inject({ method: 'GET', url: '/mission/shared/counted/2026-11-20?from=kakao' });
    expect(counted.statusCode).toBe(200);
    expect(counted.headers['cache-control']).toBe('no-cache');
    const html = counted.body;
    // The data is the public call's answer, as the browser would have it (no accounts yet: 0).
    expect(html).toContain('<div id="root"><main id="main">0명이 함께해요</main></div>');
    expect(html).toContain('<script type="application/json" id="page-data">[[["count"],0]]</script></body>');
    expect(html).toContain('<style>.day{color:teal}</style>');
    expect(html).not.toContain('<script type="module"');
    expect(afterPaintOf(html)).toEqual({
      styles: ['/assets/shared-mission-page-Y2.css'],
      modules: ['/assets/shared-mission-page-Y2.js'],
      entry: '/assets/index-Ab12Cd34.js',
    });
    // The loader is allowed by its hash, as the configuration is.
    expect(counted.headers['content-security-policy']).toContain(scriptHash(AFTER_PAINT_SCRIPT));
    const dollars = (await app.inject({ method: 'GET', url: '/mission/shared/dollars/2026-11-20' })).body;
    expect(dollars).toContain(
      '<div id="root"><main id="main">0명이 함께해요 $\' $& $$ $` </body> </main></div>',
    );
    expect(dollars).toContain(
      '<script type="application/json" id="page-data">[[["count"],0]]</script></body>',
    );
    // Refused data (400), a call that needs a session, no such page, a drawing that throws: the shell.
    for (const key of ['refused', 'private', 'abc', 'fails']) {
      const res = await app.inject({ method: 'GET', url: `/mission/shared/${key}/2026-11-20` });
      expect(res.statusCode, key).toBe(200);
      expect(res.body, key).toContain('<div id="root"></div>');
      expect(res.body, key).not.toContain('page-data');
      expect(afterPaintOf(res.body), key).toBeNull();
    }
    // The server-side build is never sent as a file.
    const built = await app.inject({ method: 'GET', url: '/ssr/entry.js' });
    expect(built.body).not.toContain('drawPage');
  });

  it('leaves the stylesheet links as they are when a file is missing or could close the style element', () => {
    const shell =
      '<head><link rel="stylesheet" crossorigin href="/assets/a-1.css"><script type="module" src="/x.js"></script></head><body></body>';
    expect(withInlineStyles(shell, () => null)).toBe(shell);
    expect(withInlineStyles(shell, () => 'a{}</style><script>')).toBe(shell);
    expect(withInlineStyles(shell, () => 'a{color:red}')).toBe(
      '<head><style>a{color:red}</style><script type="module" src="/x.js"></script></head><body><link rel="stylesheet" crossorigin href="/assets/a-1.css"></body>',
    );
  });

  it('escapes configuration so it cannot close the script element', async () => {
    const res = await app.inject({ method: 'GET', url: '/home' });
    expect(res.body).not.toContain('테스트</script>회사');
    expect(res.body).toContain('테스트\\u003c/script>회사');
  });

  it('serves hashed assets with a long-lived cache header and compression', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'] ?? res.rawPayload.length)).toBeLessThan(24_000);
  });

  it("sends an asset's build-time compressed file as it is, and the plain one to a client that takes no encoding", async () => {
    const compressed = await app.inject({
      method: 'GET',
      url: '/assets/styles-Pc12.css',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toContain('text/css');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toMatch(/^\.a\{color:red\}/);
    const plain = await app.inject({ method: 'GET', url: '/assets/styles-Pc12.css' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^\.a\{color:red\}/);
  });

  it('serves other static files revalidated, and a missing asset as 404 rather than the shell', async () => {
    const welcome = await app.inject({ method: 'GET', url: '/welcome.html' });
    expect(welcome.statusCode).toBe(200);
    expect(welcome.headers['cache-control']).toBe('no-cache');
    const missing = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('serves the service worker revalidated for the whole origin, the manifest by its type, and a CSP that allows them', async () => {
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['service-worker-allowed']).toBe('/');
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: '함께미션', start_url: '/home' });
    const offline = await app.inject({ method: 'GET', url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    for (const answer of [offline, await app.inject({ method: 'GET', url: '/home' })]) {
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
    }
  });

  it('publishes an OpenAPI document generated from the contract, and a docs page', async () => {
    const json = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/api/front/common/total-user-mission',
        '/v1/api/front/common/commcode-keys',
        '/v1/api/front/home/terms-of-use',
      ]),
    );
    const commcode = doc.paths['/v1/api/front/common/commcode-keys'].post;
    expect(commcode.requestBody.content['application/json'].schema.properties.groupKeys.type).toBe('array');
    expect(commcode.responses['200'].content['application/json'].schema.properties.response).toBeDefined();
    const page = await app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
