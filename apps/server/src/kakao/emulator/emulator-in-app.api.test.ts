import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createFreshDatabase, manualClock, testConfig, type FreshDatabase } from '../../../test/harness.ts';
import { isAdult } from '../age.ts';
import { KakaoError } from '../kakao-client.ts';
import type { KakaoSetup } from '../kakao-setup.ts';
import { createPkcePair, createState } from '../pkce.ts';
import { DEMO_PARENT_KAKAO_ID } from './demo-persons.ts';

const REDIRECT = 'http://localhost:8080/login/callback';

/** The emulator inside the real app: its auth hook, error handler, compression and 404 around it. */
describe.each(testDatabaseTargets())('Kakao emulator inside the app on $name', (target) => {
  let database: FreshDatabase;
  let app: FastifyInstance;
  let kakao: KakaoSetup;
  const clock = manualClock('2026-11-20T03:00:00.000Z');

  beforeAll(async () => {
    database = await createFreshDatabase(target);
    app = await buildApp({ config: testConfig(), db: database.db, clock: clock.now });
    await app.ready();
    kakao = app.kakao;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('logs the demo parent in through a relative, same-origin authorize URL', async () => {
    expect(kakao.mode).toBe('emulator');
    const pkce = createPkcePair();
    const state = createState();
    const url = kakao.client.authorizeUrl({
      redirectUri: REDIRECT,
      state,
      codeChallenge: pkce.challenge,
      loginHint: DEMO_PARENT_KAKAO_ID,
    });
    expect(url.startsWith('/_emulator/kakao/oauth/authorize?client_id=')).toBe(true);
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.searchParams.get('state')).toBe(state);

    const tokens = await kakao.client.exchangeCode({
      code: location.searchParams.get('code') ?? '',
      redirectUri: REDIRECT,
      codeVerifier: pkce.verifier,
    });
    // The app's auth hook sees a Bearer token it does not know and lets the public route through.
    const profile = await kakao.client.getProfile(tokens.accessToken);
    expect(profile.kakaoId).toBe(DEMO_PARENT_KAKAO_ID);
    expect(isAdult(profile, '2026-11-20')).toBe('ADULT');
    expect(await kakao.client.logout(tokens.accessToken)).toEqual({ kakaoId: DEMO_PARENT_KAKAO_ID });
  });

  it('sends a message to me through the client, whose API base is the emulator without a REST key', async () => {
    const pkce = createPkcePair();
    const url = kakao.client.authorizeUrl({
      redirectUri: REDIRECT,
      state: createState(),
      codeChallenge: pkce.challenge,
      loginHint: DEMO_PARENT_KAKAO_ID,
    });
    const location = new URL(String((await app.inject({ method: 'GET', url })).headers.location));
    const { accessToken } = await kakao.client.exchangeCode({
      code: location.searchParams.get('code') ?? '',
      redirectUri: REDIRECT,
      codeVerifier: pkce.verifier,
    });
    const template = {
      object_type: 'text',
      text: '오늘 미션 완료!',
      link: { web_url: 'http://localhost:8080/home' },
    };
    expect(await kakao.client.sendToMe(accessToken, template)).toEqual({ ok: true });
    const listed = await app.inject({
      method: 'GET',
      url: `/_emulator/kakao/test-users/${DEMO_PARENT_KAKAO_ID}/messages`,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().at(-1)).toEqual({ template_object: template, sent_at: '2026-11-20T03:00:00.000Z' });
  });

  it('serves the login page to a browser and keeps the form parser to itself', async () => {
    const query = new URLSearchParams({
      client_id: kakao.emulator?.clientId ?? '',
      redirect_uri: REDIRECT,
      response_type: 'code',
      state: 's',
    });
    const page = await app.inject({
      method: 'GET',
      url: `/_emulator/kakao/oauth/authorize?${query}`,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('김하늘');
    expect(page.body).toContain('이도윤');
    expect(page.body).toContain('박서진');

    const decided = await app.inject({
      method: 'POST',
      url: '/_emulator/kakao/oauth/authorize/decide',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${query}&action=cancel`,
    });
    expect(decided.statusCode).toBe(302);

    const outside = await app.inject({
      method: 'POST',
      url: '/v1/api/front/common/total-user-count',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(outside.statusCode).toBe(415);
  });

  it('lets scripts add people and switch Kakao off', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/_emulator/kakao/test-users',
      payload: { name: '스크립트', birthyear: '1999', birthday: '1231', phone_number: '010-2222-3333' },
    });
    expect(created.statusCode).toBe(201);
    expect(kakao.emulator?.getPerson(created.json().id)?.phoneNumber).toBe('+82 10-2222-3333');

    await app.inject({ method: 'POST', url: '/_emulator/kakao/test-controls', payload: { down: true } });
    const error = await kakao.client.getProfile('x'.repeat(54)).catch((reason: unknown) => reason);
    expect((error as KakaoError).kind).toBe('UNAVAILABLE');
    kakao.emulator?.setDown(false);
    const invalid = await kakao.client.getProfile('x'.repeat(54)).catch((reason: unknown) => reason);
    expect((invalid as KakaoError).kind).toBe('INVALID_TOKEN');
  });

  it('leaves unknown emulator paths to the app’s 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/_emulator/kakao/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
  });
});
