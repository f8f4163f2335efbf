import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createUser } from '../../../test/factories.ts';
import {
  callEndpoint,
  createTestContext,
  sessionHeadersFor,
  type TestContext,
} from '../../../test/harness.ts';
import { makeJpeg, multipartBody } from '../../../test/images.ts';

describe.each(testDatabaseTargets())('upload limits per person on $name', (target) => {
  let t: TestContext;
  let jpeg: Buffer;

  beforeAll(async () => {
    // Small limits, so the test uploads a handful of photos; the defaults are 40 and 20.
    t = await createTestContext(target, { config: { UPLOADS_PER_HOUR: '5', PENDING_UPLOADS_MAX: '3' } });
    jpeg = await makeJpeg({ width: 64, height: 48 });
  });
  afterAll(() => t.close());

  const upload = (headers: Record<string, string>) => {
    const { payload, contentType } = multipartBody('file', 'p.jpg', 'image/jpeg', jpeg);
    return t.app.inject({
      method: 'POST',
      url: '/v1/api/front/common/upload',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
  };
  const remove = async (headers: Record<string, string>, fileId: string) =>
    expect((await callEndpoint(t.app, 'common/deleteFile', { fileId }, headers)).statusCode).toBe(200);

  it('holds a person to a few photos not yet in a certification, and to so many uploads an hour', async () => {
    const person = await createUser(t.db);
    const me = await sessionHeadersFor(t.app, person);
    const pending: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const res = await upload(me);
      expect(res.statusCode).toBe(200);
      pending.push(res.json().response.data.fileId);
    }
    const tooMany = await upload(me);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error.code).toBe('RATE_LIMITED');

    // Deleting unused photos makes room, up to the hour's five uploads.
    for (let index = 0; index < 2; index += 1) {
      await remove(me, pending.shift()!);
      const res = await upload(me);
      expect(res.statusCode).toBe(200);
      pending.push(res.json().response.data.fileId);
    }
    await remove(me, pending.shift()!);
    const hourUsed = await upload(me);
    expect(hourUsed.statusCode).toBe(429);

    // Someone else is not held up, and the next hour has room again.
    expect((await upload(await sessionHeadersFor(t.app, await createUser(t.db)))).statusCode).toBe(200);
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await upload(await sessionHeadersFor(t.app, person))).statusCode).toBe(200);
  });
});
