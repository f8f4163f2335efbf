import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { certify, createMissions, createUser, joinMissionRound } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { makeJpeg, makePixelBomb, multipartBody, readTags } from '../../../test/images.ts';

describe.each(testDatabaseTargets())('missions and certification on $name', (target) => {
  // The harness clock: 2026-11-20 12:00 in Seoul.
  const t = useTestContext(target);
  let photoMission: number;
  let textMission: number;
  let bothMission: number;
  let me: number;
  let headers: Record<string, string>;
  let other: number;
  let otherHeaders: Record<string, string>;

  beforeAll(async () => {
    [photoMission] = (await createMissions(t.db, 1, 'PHOTO')) as [number];
    [textMission] = (await createMissions(t.db, 1, 'TEXT')) as [number];
    [bothMission] = (await createMissions(t.db, 1, 'PHOTO_TEXT')) as [number];
    me = await createUser(t.db, { alias: '하늘맘', name: '김하늘' });
    other = await createUser(t.db, { alias: '옆집아빠' });
    for (const user of [me, other]) {
      for (const mission of [photoMission, textMission, bothMission])
        await joinMissionRound(t.db, user, mission);
    }
    headers = await sessionHeadersFor(t.app, me);
    otherHeaders = await sessionHeadersFor(t.app, other);
    await t.db.insertInto('forbidden_words').values({ word: '바보', created_at: 'x' }).execute();
  });

  const call = (path: string, body: object, as: Record<string, string> = headers) =>
    callEndpoint(t.app, path, body, as);
  const upload = async (
    bytes: Buffer,
    as: Record<string, string> = headers,
    type = 'image/jpeg',
    name = 'p.jpg',
  ) => {
    const { payload, contentType } = multipartBody('file', name, type, bytes);
    return t.app.inject({
      method: 'POST',
      url: '/v1/api/front/common/upload',
      headers: { ...as, 'content-type': contentType },
      payload,
    });
  };
  const storedFiles = () =>
    fs.existsSync(t.uploadDir) ? fs.readdirSync(t.uploadDir, { recursive: true }) : [];
  const counts = async () => ({
    total: (await callEndpoint(t.app, 'common/total-mission-certification-count', {})).json().response,
    today: (await callEndpoint(t.app, 'common/today-mission-certification-count', {})).json().response,
  });

  it("lists today's missions of the person's running sub-challenges with their state", async () => {
    // A person of their own: other tests certify as `me`.
    const fresh = await createUser(t.db);
    for (const mission of [photoMission, textMission, bothMission])
      await joinMissionRound(t.db, fresh, mission);
    const res = await call('home/mission-list', {}, await sessionHeadersFor(t.app, fresh));
    expect(res.statusCode).toBe(200);
    const { date, missions } = res.json().response;
    expect(date).toBe('2026-11-20');
    expect(missions.map((m: { missionId: string }) => m.missionId).sort()).toEqual(
      [photoMission, textMission, bothMission].map(String).sort(),
    );
    expect(missions.every((m: { certified: boolean }) => !m.certified)).toBe(true);
    const stranger = await sessionHeadersFor(t.app, await createUser(t.db));
    expect((await call('home/mission-list', {}, stranger)).json().response.missions).toEqual([]);
  });

  it('re-encodes an uploaded JPEG: GPS and camera data gone, orientation applied, thumbnail made', async () => {
    const jpeg = await makeJpeg({ width: 300, height: 200, gps: true, orientation: 6 });
    expect(JSON.stringify(readTagsOf(jpeg))).toContain('GPS');
    const res = await upload(jpeg);
    expect(res.statusCode).toBe(200);
    const photo = res.json().response.data;
    // Orientation 6 turns the 300×200 picture upright: 200×300.
    expect(photo).toMatchObject({ width: 200, height: 300 });
    expect(photo.url).toMatch(/^\/v1\/files\/[A-Za-z0-9_-]+\.jpg$/);
    expect(photo.thumbnailUrl).toMatch(/^\/v1\/files\/[A-Za-z0-9_-]+_t\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const file = path.join(t.uploadDir, 'stored.jpg');
    fs.writeFileSync(file, served.rawPayload);
    const tags = readTags(file);
    fs.rmSync(file);
    expect(Object.keys(tags).filter((key) => key.startsWith('GPS') || key.includes(':GPS'))).toEqual([]);
    expect(JSON.stringify(tags)).not.toContain('HamkkeCam');
    expect((await t.app.inject({ method: 'GET', url: photo.thumbnailUrl })).statusCode).toBe(200);
  });

  it('refuses a wrong file type, an oversized file and a decompression bomb, storing nothing', async () => {
    const before = { rows: await fileRows(), stored: storedFiles().length };
    const text = await upload(Buffer.from('%PDF-1.4 not an image at all'), headers, 'image/jpeg', 'fake.jpg');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const huge = await upload(Buffer.concat([await makeJpeg(), Buffer.alloc(11 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const bomb = await upload(makePixelBomb(), headers, 'image/png', 'bomb.png');
    expect(bomb.statusCode).toBe(413);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/v1/api/front/common/upload',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(empty.statusCode).toBe(415);
    expect({ rows: await fileRows(), stored: storedFiles().length }).toEqual(before);
    const anonymous = await upload(await makeJpeg(), {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('certifies once per person, mission and day; counts follow; text is sanitized', async () => {
    const before = await counts();
    const photo = (await upload(await makeJpeg())).json().response.data;
    const res = await call('home/mission-certification', {
      missionId: String(bothMission),
      contentHtml: '<p onclick="x()">가족과 <strong>산책</strong>했어요<script>alert(1)</script></p>',
      fileIds: [photo.fileId],
    });
    expect(res.statusCode).toBe(200);
    const certification = res.json().response;
    expect(certification.contentHtml).toBe('<p>가족과 <strong>산책</strong>했어요</p>');
    expect(certification.photos).toHaveLength(1);
    expect(certification.deletable).toBe(true);
    expect(await counts()).toEqual({ total: before.total + 1, today: before.today + 1 });

    const again = await call('home/mission-certification', {
      missionId: String(bothMission),
      contentHtml: '<p>또</p>',
      fileIds: [(await upload(await makeJpeg())).json().response.data.fileId],
    });
    expect(again.statusCode).toBe(409);
    const listed = (await call('home/mission-list', {})).json().response.missions;
    expect(listed.find((m: { missionId: string }) => m.missionId === String(bothMission)).certified).toBe(
      true,
    );
  });

  it('stores exactly one certification out of 20 concurrent identical submissions', async () => {
    const before = await counts();
    const submissions = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('home/mission-certification', {
          missionId: String(textMission),
          contentHtml: '<p>감사해요</p>',
        }),
      ),
    );
    const statuses = submissions.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const rows = await t.db
      .selectFrom('mission_certifications')
      .selectAll()
      .where('user_id', '=', me)
      .where('mission_id', '=', textMission)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await counts()).toEqual({ total: before.total + 1, today: before.today + 1 });
  });

  it('refuses forbidden words, missing proof and someone else’s photo', async () => {
    const word = await call('home/mission-certification', {
      missionId: String(photoMission),
      contentHtml: '<p>너는 바 보</p>',
      fileIds: [(await upload(await makeJpeg())).json().response.data.fileId],
    });
    expect(word.statusCode).toBe(400);
    expect(word.json().error.code).toBe('FORBIDDEN_WORD');
    const noPhoto = await call('home/mission-certification', {
      missionId: String(photoMission),
      contentHtml: '',
    });
    expect(noPhoto.json().error.fields[0].path).toBe('fileIds');
    const theirs = (await upload(await makeJpeg(), otherHeaders)).json().response.data.fileId;
    const stolen = await call('home/mission-certification', {
      missionId: String(photoMission),
      contentHtml: '',
      fileIds: [theirs],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.fields[0].path).toBe('fileIds.0');
    expect((await call('common/deleteFile', { fileId: theirs })).statusCode).toBe(404);
    expect((await call('common/s3-url', { fileId: theirs })).statusCode).toBe(404);
    const notMine = await call('home/mission-certification', {
      missionId: '999999',
      contentHtml: '<p>x</p>',
    });
    expect(notMine.statusCode).toBe(404);
  });

  it('lets only the author delete, only the same day; counts go back and the photos go', async () => {
    const photo = (await upload(await makeJpeg())).json().response.data;
    const made = (
      await call('home/mission-certification', {
        missionId: String(photoMission),
        contentHtml: '',
        fileIds: [photo.fileId],
      })
    ).json().response;
    const before = await counts();
    const foreign = await call(
      'home/delete-mission-certification',
      { certificationId: made.certificationId },
      otherHeaders,
    );
    expect(foreign.statusCode).toBe(404);
    const deleted = await call('home/delete-mission-certification', {
      certificationId: made.certificationId,
    });
    expect(deleted.json()).toEqual({ response: { deleted: true } });
    expect(await counts()).toEqual({ total: before.total - 1, today: before.today - 1 });
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    const actions = (await call('home/mission-action-log', {})).json().response.items;
    expect(actions[0]).toMatchObject({ action: 'DELETE', missionId: String(photoMission) });

    // Yesterday's certification cannot be deleted today.
    await t.db
      .insertInto('mission_certifications')
      .values({
        user_id: me,
        mission_id: photoMission,
        certified_on: '2026-11-19',
        content_html: '',
        created_at: 'x',
      })
      .execute();
    const old = (await call('mission/mission-info-by-date', { date: '2026-11-19' })).json().response
      .certifications[0];
    expect(old.deletable).toBe(false);
    expect(
      (await call('home/delete-mission-certification', { certificationId: old.certificationId })).statusCode,
    ).toBe(403);
  });

  /** A person of their own in the three missions' rounds, with three certifications over two days. */
  async function readerWithHistory(alias: string) {
    const reader = await createUser(t.db, { alias, name: `${alias}실명` });
    for (const mission of [photoMission, textMission, bothMission])
      await joinMissionRound(t.db, reader, mission);
    await certify(t.db, reader, photoMission, '2026-11-19');
    await certify(t.db, reader, photoMission, '2026-11-20');
    await certify(t.db, reader, textMission, '2026-11-20');
    return sessionHeadersFor(t.app, reader);
  }

  it('reads history and the calendar only for the caller', async () => {
    const readerHeaders = await readerWithHistory('기록보기');
    const stranger = await sessionHeadersFor(t.app, await createUser(t.db));
    const call = (path: string, body: object, as: Record<string, string> = readerHeaders) =>
      callEndpoint(t.app, path, body, as);
    const mine = (await call('mission/mission-info-by-date', { date: '2026-11-20' })).json().response
      .certifications;
    const theirs = (await call('mission/mission-info-by-date', { date: '2026-11-20' }, stranger)).json()
      .response.certifications;
    expect(mine).toHaveLength(2);
    expect(theirs).toEqual([]);
    const month = (await call('mission/mission-status-by-month', { month: '2026-11' })).json().response;
    expect(month.days).toHaveLength(30);
    expect(month.days.find((d: { date: string }) => d.date === '2026-11-20')).toMatchObject({
      missionCount: 3,
    });
    expect(month.days.find((d: { date: string }) => d.date === '2026-11-19').certifiedCount).toBe(1);
    const count = (await call('mission/mission-count-by-month', { month: '2026-11' })).json().response;
    expect(count.certifiedDays).toBe(2);
    expect((await call('mission/participating-mission-count', {})).json().response).toBe(3);
    expect((await call('challenge/inprogress-challenge-mission-cnt', {})).json().response.total).toBe(3);
    expect((await call('mission/inprogress-always-mission-cnt', {})).json().response).toEqual({
      total: 0,
      certified: 0,
    });
    const log = (await call('home/mission-log', { offset: 0, limit: 1 })).json().response;
    expect(log.items).toHaveLength(1);
    expect(log.hasMore).toBe(true);
    expect((await call('mission/mission-status-by-month', { month: '2026-13' })).statusCode).toBe(400);
    expect((await call('mission/mission-status-by-date', { date: '2026-02-30' })).statusCode).toBe(400);
  });

  it('shares a day by uuid with anyone, showing the alias and nothing else personal', async () => {
    const readerHeaders = await readerWithHistory('공유맘');
    const call = (path: string, body: object) => callEndpoint(t.app, path, body, readerHeaders);
    const first = (await call('mission/mission-certify-uuid', { date: '2026-11-20' })).json().response;
    const second = (await call('mission/mission-certify-uuid', { date: '2026-11-20' })).json().response;
    expect(first.uuid).toBe(second.uuid);
    const shared = await callEndpoint(t.app, 'mission/shared-certifications', {
      uuid: first.uuid,
      date: '2026-11-20',
    });
    expect(shared.statusCode).toBe(200);
    const body = shared.json().response;
    expect(body.alias).toBe('공유맘');
    expect(body.certifications).toHaveLength(2);
    expect(shared.body).not.toContain('공유맘실명');
    expect(shared.body).not.toContain('deletable');
    expect(shared.body).not.toMatch(/userId|phone|loginKey/);
    const wrongDay = await callEndpoint(t.app, 'mission/shared-certifications', {
      uuid: first.uuid,
      date: '2026-11-19',
    });
    expect(wrongDay.statusCode).toBe(404);
    const unknown = await callEndpoint(t.app, 'mission/shared-certifications', {
      uuid: '00000000-0000-4000-8000-000000000000',
      date: '2026-11-20',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('makes share links only for days from the first certification to today', async () => {
    const readerHeaders = await readerWithHistory('공유범위'); // first certification on 2026-11-19
    const share = (date: string, as = readerHeaders) =>
      callEndpoint(t.app, 'mission/mission-certify-uuid', { date }, as);
    expect((await share('2026-11-19')).statusCode).toBe(200);
    expect((await share('2026-11-20')).statusCode).toBe(200);
    for (const date of ['2026-11-18', '2026-11-21', '1900-01-01', '9999-12-31']) {
      const refused = await share(date);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual([
        expect.objectContaining({ path: 'date', code: 'INVALID_VALUE' }),
      ]);
    }
    // Someone without certifications has today alone.
    const newcomer = await sessionHeadersFor(t.app, await createUser(t.db));
    expect((await share('2026-11-20', newcomer)).statusCode).toBe(200);
    expect((await share('2026-11-19', newcomer)).statusCode).toBe(400);
  });

  it('stores certification text without control characters, and refuses NUL in any text (400, nothing stored)', async () => {
    const writer = await createUser(t.db);
    await joinMissionRound(t.db, writer, textMission);
    const res = await call(
      'home/mission-certification',
      { missionId: String(textMission), contentHtml: '<p>물 마시기\u0007&#1; 완료\u001b</p>' },
      await sessionHeadersFor(t.app, writer),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().response.contentHtml).toBe('<p>물 마시기 완료</p>');
    const stored = await t.db
      .selectFrom('mission_certifications')
      .select('content_html')
      .where('user_id', '=', writer)
      .executeTakeFirstOrThrow();
    expect(stored.content_html).toBe('<p>물 마시기 완료</p>');
    const other = await createUser(t.db);
    await joinMissionRound(t.db, other, textMission);
    const nul = await call(
      'home/mission-certification',
      { missionId: String(textMission), contentHtml: '<p>물\u0000 마시기</p>' },
      await sessionHeadersFor(t.app, other),
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.fields).toEqual([expect.objectContaining({ path: 'contentHtml' })]);
    const rows = await t.db
      .selectFrom('mission_certifications')
      .select('id')
      .where('user_id', '=', other)
      .execute();
    expect(rows).toEqual([]);
  });

  const fileRows = async () => (await t.db.selectFrom('files').select('id').execute()).length;
  function readTagsOf(bytes: Buffer) {
    const file = path.join(t.uploadDir, 'probe.jpg');
    fs.mkdirSync(t.uploadDir, { recursive: true });
    fs.writeFileSync(file, bytes);
    try {
      return readTags(file);
    } finally {
      fs.rmSync(file);
    }
  }
});
