import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createFreshDatabase, testConfig, type FreshDatabase } from '../../test/harness.ts';
import type { FastifyInstance } from 'fastify';

describe('serving the web app', () => {
  let database: FreshDatabase;
  let app: FastifyInstance;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="ko"><head><!--app-config--></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(
      path.join(dist, 'assets', 'index-Ab12Cd34.js'),
      `console.log("${'함께'.repeat(4000)}");`,
    );
    fs.writeFileSync(path.join(dist, 'welcome.html'), '<!doctype html><title>welcome</title>');
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        '/login/auth': {
          scripts: ['assets/login-auth-page-X1.js'],
          styles: ['assets/login-auth-page-X1.css'],
        },
        '/mission/shared/': { scripts: ['assets/shared-mission-page-Y2.js', '../../etc/passwd'], styles: [] },
      }),
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
    expect(login).toContain('<link rel="preload" as="style" href="/assets/login-auth-page-X1.css">');
    const shared = (await app.inject({ method: 'GET', url: '/mission/shared/abc/2026-11-20' })).body;
    expect(shared).toContain('href="/assets/shared-mission-page-Y2.js"');
    // Only hashed assets are ever named.
    expect(shared).not.toContain('passwd');
    expect(shared).not.toContain('login-auth-page');
    for (const url of ['/home', '/login/authx', '/my']) {
      expect((await app.inject({ method: 'GET', url })).body, url).not.toContain('modulepreload');
    }
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

  it('serves other static files revalidated, and a missing asset as 404 rather than the shell', async () => {
    const welcome = await app.inject({ method: 'GET', url: '/welcome.html' });
    expect(welcome.statusCode).toBe(200);
    expect(welcome.headers['cache-control']).toBe('no-cache');
    const missing = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
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
