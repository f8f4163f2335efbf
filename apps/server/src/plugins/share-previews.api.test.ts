import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../test/databases.ts';
import {
  createMissions,
  createRound,
  createTeam,
  teamPublicId,
  createUser,
  joinMissionRound,
} from '../../test/factories.ts';
import { callEndpoint, createTestContext, sessionHeadersFor, type TestContext } from '../../test/harness.ts';
import { makeJpeg, multipartBody } from '../../test/images.ts';
import { createMemoryCounterStore, type CounterStore } from '../lib/rate-limiter.ts';
import { TEAM_PREVIEWS_PER_ADDRESS } from './share-previews.ts';

const ORIGIN = 'https://hamkke.example';
/** KakaoTalk's link scraper, as it names itself. */
const CRAWLER = 'facebookexternalhit/1.1; kakaotalk-scrap/1.0; +https://devtalk.kakao.com/';

/** The page's `og:`/`twitter:` tags, as a scraper reads them (property or name → content, unescaped). */
function previewTags(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: Record<string, string> = {};
  for (const [, key, value] of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    tags[key!] = value!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  }
  return tags;
}

const EVERY_TAG = [
  'og:title',
  'og:description',
  'og:image',
  'og:url',
  'twitter:card',
  'twitter:title',
  'twitter:description',
  'twitter:image',
];

/** Issue 25: link previews of shared days and invite links, and the invite card image. */
describe.each(testDatabaseTargets())('link previews on $name', (target) => {
  let t: TestContext;
  let counters: CounterStore;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-previews-dist-'));

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="ko"><head><title>함께미션</title><!--app-config--></head><body><div id="root"></div></body></html>',
    );
    counters = createMemoryCounterStore(() => new Date());
    t = await createTestContext(target, {
      now: '2026-11-20T03:00:00.000Z',
      config: { WEB_DIST_DIR: dist, PUBLIC_ORIGIN: ORIGIN },
      counters,
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const crawl = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'user-agent': CRAWLER, host: 'internal:3000' } });

  it("a shared day: the person's alias, day and text (escaped), its photo, absolute addresses", async () => {
    const [mission] = (await createMissions(t.db, 1, 'PHOTO_TEXT')) as [number];
    const me = await createUser(t.db, { alias: '하늘맘' });
    await joinMissionRound(t.db, me, mission);
    const headers = await sessionHeadersFor(t.app, me);
    const { payload, contentType } = multipartBody('file', 'p.jpg', 'image/jpeg', await makeJpeg());
    const photo = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/api/front/common/upload',
        headers: { ...headers, 'content-type': contentType },
        payload,
      })
    ).json().response.data;
    const said = '아빠 <b>랑</b> "산책" & 1 < 2 > 0 </head><script>alert(1)</script>';
    const certified = await callEndpoint(
      t.app,
      'home/mission-certification',
      {
        missionId: String(mission),
        contentHtml: `<p>${said.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`,
        fileIds: [photo.fileId],
      },
      headers,
    );
    expect(certified.statusCode).toBe(200);
    const { uuid } = (
      await callEndpoint(t.app, 'mission/mission-certify-uuid', { date: '2026-11-20' }, headers)
    ).json().response;

    const page = await crawl(`/mission/shared/${uuid}/2026-11-20?utm_source=kakao`);
    expect(page.statusCode).toBe(200);
    const head = page.body.slice(0, page.body.indexOf('</head>') + '</head>'.length);
    // The person's text is in the tags as text: nothing of it closes the head or opens a script.
    expect(head.match(/<\/head>/g)).toHaveLength(1);
    expect(head).not.toContain('<script>alert');
    expect(head).not.toContain('"산책"');
    const tags = previewTags(page.body);
    for (const key of EVERY_TAG) expect(tags[key], key).toBeTruthy();
    expect(tags['og:title']).toBe('하늘맘님의 11월 20일 미션 인증');
    expect(tags['og:description']).toContain(said);
    expect(tags['og:url']).toBe(`${ORIGIN}/mission/shared/${uuid}/2026-11-20`);
    expect(tags['og:image']).toBe(`${ORIGIN}${photo.url}`);
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(tags['twitter:image']).toBe(tags['og:image']);
    expect(tags['twitter:title']).toBe(tags['og:title']);
    // The photo the tag names is served to anyone.
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(200);

    // The same day of one challenge (spec §2's /challenge/shared/…).
    const { challenge_id: challengeId } = await t.db
      .selectFrom('missions as m')
      .innerJoin('sub_challenges as s', 's.id', 'm.sub_challenge_id')
      .select('s.challenge_id')
      .where('m.id', '=', mission)
      .executeTakeFirstOrThrow();
    const challengePage = previewTags(
      (await crawl(`/challenge/shared/${challengeId}/${uuid}/2026-11-20`)).body,
    );
    expect(challengePage['og:title']).toBe('하늘맘님의 11월 20일 챌린지 인증');
    expect(challengePage['og:url']).toBe(`${ORIGIN}/challenge/shared/${challengeId}/${uuid}/2026-11-20`);
    expect(challengePage['og:image']).toBe(`${ORIGIN}${photo.url}`);

    // A link to no day still previews as the app, with its card.
    const missing = previewTags((await crawl(`/mission/shared/${crypto.randomUUID()}/2026-11-20`)).body);
    for (const key of EVERY_TAG) expect(missing[key], key).toBeTruthy();
    expect(missing['og:image']).toBe(`${ORIGIN}/og/app.png`);
    const appCard = await t.app.inject({ method: 'GET', url: '/og/app.png' });
    expect(appCard.headers['content-type']).toBe('image/png');
    expect(await sharp(appCard.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it("an invite link: who invites to which team, and the team's card (1200×630 PNG, kept once drawn)", async () => {
    const { subChallengeId } = await createRound(t.db, { maxUser: 8 });
    await t.db
      .updateTable('sub_challenges')
      .set({ title: '21일 가족 건강 챌린지 3기', round: 3 })
      .where('id', '=', subChallengeId)
      .execute();
    const manager = await createUser(t.db, { alias: '하늘맘' });
    const member = await createUser(t.db, { alias: '옆집아빠' });
    const teamKey = await createTeam(t.db, {
      subChallengeId,
      managerId: manager,
      members: [{ userId: member }],
      name: '하늘네 3기 도전단',
    });
    // Links name the team by its public id (decision 022); its numeric key names nothing.
    const teamId = await teamPublicId(t.db, teamKey);
    expect(previewTags((await crawl(`/team/${teamKey}/${subChallengeId}/challenge`)).body)['og:title']).toBe(
      '함께미션',
    );

    const page = await crawl(`/team/${teamId}/${subChallengeId}/challenge`);
    expect(page.statusCode).toBe(200);
    const tags = previewTags(page.body);
    for (const key of EVERY_TAG) expect(tags[key], key).toBeTruthy();
    expect(tags['og:title']).toBe("하늘맘님이 '하늘네 3기 도전단'에 초대했어요");
    expect(tags['og:description']).toBe('21일 가족 건강 챌린지 3기 · 11월 26일 ~ 12월 16일 · 6자리 남았어요');
    expect(tags['og:url']).toBe(`${ORIGIN}/team/${teamId}/${subChallengeId}/challenge`);
    expect(tags['og:image']).toMatch(new RegExp(`^${ORIGIN}/og/team/${teamId}\\.png\\?v=[\\w-]+$`));
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(tags['twitter:image']).toBe(tags['og:image']);
    // Only what the accept screen shows: no member aliases, no internal ids of people.
    expect(page.body).not.toContain('옆집아빠');

    // The card image, as the scraper fetches it (on this server: the address's path).
    const imagePath = tags['og:image']!.slice(ORIGIN.length);
    const first = await t.app.inject({ method: 'GET', url: imagePath, headers: { 'user-agent': CRAWLER } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 1200,
      height: 630,
    });
    fs.mkdirSync('/tmp/shots-cards', { recursive: true });
    fs.writeFileSync(`/tmp/shots-cards/invite-card-${target.name}.png`, first.rawPayload);
    // Drawn once (when the page was sent): the fetch and the next one are the kept card.
    expect(first.headers['x-card-cache']).toBe('hit');
    const second = await t.app.inject({ method: 'GET', url: `/og/team/${teamId}.png` });
    expect(second.headers['x-card-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: `/og/team/${teamId}.png`,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);

    // A renamed team draws a new card, at a new address.
    await t.db.updateTable('teams').set({ name: '하늘네 새 이름' }).where('id', '=', teamKey).execute();
    const renamed = previewTags((await crawl(`/team/${teamId}/${subChallengeId}/challenge`)).body);
    expect(renamed['og:image']).not.toBe(tags['og:image']);
    expect(renamed['og:title']).toBe("하늘맘님이 '하늘네 새 이름'에 초대했어요");

    // A link whose round is not the team's names no team; an unknown team has no card.
    const wrongRound = previewTags((await crawl(`/team/${teamId}/${subChallengeId + 1000}/challenge`)).body);
    expect(wrongRound['og:title']).toBe('함께미션');
    expect(wrongRound['og:image']).toBe(`${ORIGIN}/og/app.png`);
    expect((await t.app.inject({ method: 'GET', url: '/og/team/999999.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/og/team/..%2Fx.png' })).statusCode).toBe(404);
  });

  it('stops telling one address about teams once it has read many (a sweep over ids learns nothing)', async () => {
    const { subChallengeId } = await createRound(t.db);
    const teamId = await teamPublicId(
      t.db,
      await createTeam(t.db, { subChallengeId, managerId: await createUser(t.db), name: '쓸어보기 팀' }),
    );
    const link = `/team/${teamId}/${subChallengeId}/challenge`;
    expect(previewTags((await crawl(link)).body)['og:title']).toContain('쓸어보기 팀');
    // The address has spent its allowance (inject's requests come from 127.0.0.1).
    await counters.add('team-preview-address:127.0.0.1', TEAM_PREVIEWS_PER_ADDRESS, 15 * 60 * 1000);
    const limited = await crawl(link);
    expect(limited.statusCode).toBe(200);
    expect(previewTags(limited.body)['og:title']).toBe('함께미션');
    expect(limited.body).not.toContain('쓸어보기 팀');
    expect((await t.app.inject({ method: 'GET', url: `/og/team/${teamId}.png` })).statusCode).toBe(429);
    await counters.delete(['team-preview-address:127.0.0.1']);
  });

  it('adds no preview to other pages', async () => {
    const home = await crawl('/home');
    expect(home.statusCode).toBe(200);
    expect(previewTags(home.body)).toEqual({});
  });
});
