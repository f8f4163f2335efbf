import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sameAnswerOnce, sharedArraysOnce } from './endpoints.ts';

/** A route whose handler answers the next of `answers` each time, serialized as a hot read is. */
async function hotRoute(schema: z.ZodType, answers: unknown[]) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  let next = 0;
  app.post(
    '/hot',
    {
      schema: { response: { 200: z.object({ response: schema }) } },
      serializerCompiler: sameAnswerOnce,
    },
    async () => ({ response: answers[next++] }),
  );
  await app.ready();
  const ask = async () => {
    const res = await app.inject({ method: 'POST', url: '/hot', payload: {} });
    return { status: res.statusCode, body: res.body };
  };
  return { app, ask };
}

describe('a hot read serialized once per answer', () => {
  it('answers each number as it is, the same number from the kept text', async () => {
    const { app, ask } = await hotRoute(z.number().int(), [7, 7, 8, 7]);
    const bodies = [];
    for (let i = 0; i < 4; i += 1) bodies.push((await ask()).body);
    expect(bodies).toEqual(['{"response":7}', '{"response":7}', '{"response":8}', '{"response":7}']);
    await app.close();
  });

  it('keeps the whitelist: fields the schema does not name never go out, kept or not', async () => {
    const schema = z.object({ totalMissionCnt: z.number(), totalUserCnt: z.number() });
    const { app, ask } = await hotRoute(schema, [
      { totalMissionCnt: 1, totalUserCnt: 2, secret: 'x' },
      { totalMissionCnt: 1, totalUserCnt: 2, secret: 'y' },
      { totalMissionCnt: 1, totalUserCnt: 3 },
    ]);
    expect((await ask()).body).toBe('{"response":{"totalMissionCnt":1,"totalUserCnt":2}}');
    // A different answer (another secret) is serialized again, and still whitelisted.
    expect((await ask()).body).toBe('{"response":{"totalMissionCnt":1,"totalUserCnt":2}}');
    expect((await ask()).body).toBe('{"response":{"totalMissionCnt":1,"totalUserCnt":3}}');
    await app.close();
  });

  it('refuses an answer the schema refuses every time, after a good one too', async () => {
    const { app, ask } = await hotRoute(z.number().int(), [5, 'five', 'five']);
    expect(await ask()).toEqual({ status: 200, body: '{"response":5}' });
    expect((await ask()).status).toBe(500);
    expect((await ask()).status).toBe(500);
    await app.close();
  });

  it('serializes a deeper answer each time: a list changed in place is sent as it is now', async () => {
    const list = [1, 2];
    const { app, ask } = await hotRoute(z.array(z.number()), [list, list]);
    expect((await ask()).body).toBe('{"response":[1,2]}');
    list.push(3);
    expect((await ask()).body).toBe('{"response":[1,2,3]}');
    await app.close();
  });
});

describe('shared arrays serialized once per object (decision 054)', () => {
  const row = z.object({ id: z.string(), rate: z.number(), isMine: z.boolean() });
  const answerSchema = z.object({
    round: z.string(),
    teams: z.array(row),
    mine: row,
    total: z.number().int(),
  });

  async function sharedRoute(answers: unknown[]) {
    const app = Fastify();
    let next = 0;
    app.post(
      '/shared',
      {
        schema: { response: { 200: z.object({ response: answerSchema }) } },
        serializerCompiler: sharedArraysOnce(answerSchema, ['teams']),
      },
      async () => ({ response: answers[next++] }),
    );
    const whole = Fastify();
    let wholeNext = 0;
    whole.setSerializerCompiler(serializerCompiler);
    whole.post(
      '/whole',
      { schema: { response: { 200: z.object({ response: answerSchema }) } } },
      async () => ({ response: answers[wholeNext++] }),
    );
    await Promise.all([app.ready(), whole.ready()]);
    const ask = async () => {
      const res = await app.inject({ method: 'POST', url: '/shared', payload: {} });
      const expected = await whole.inject({ method: 'POST', url: '/whole', payload: {} });
      const head = (headers: Record<string, unknown>) => [headers['content-type'], headers['content-length']];
      return {
        status: res.statusCode,
        body: res.body,
        whole: expected.body,
        wholeStatus: expected.statusCode,
        headers: head(res.headers),
        wholeHeaders: head(expected.headers),
      };
    };
    return { ask, close: () => Promise.all([app.close(), whole.close()]) };
  }

  it('answers byte for byte what the whole serializer answers, whitelist included', async () => {
    const teams = [
      { id: 'a"b', rate: 0.5, isMine: false, secret: 'x' },
      { id: '팀', rate: 1, isMine: false },
    ];
    const mine = { id: 'teams":[]', rate: 0, isMine: true, secret: 'y' };
    const { ask, close } = await sharedRoute([
      { round: '"teams":[]', teams, mine, total: 3, extra: 1 },
      { round: '7', teams, mine: { ...mine, rate: 0.25 }, total: 3 },
      { round: '7', teams: [], mine, total: 1 },
    ]);
    for (let i = 0; i < 3; i += 1) {
      const { status, body, whole, headers, wholeHeaders } = await ask();
      expect(status).toBe(200);
      expect(body).toBe(whole);
      // Sent as bytes: the same type and length (in bytes, Korean text included).
      expect(headers).toEqual(wholeHeaders);
      expect(body).not.toContain('secret');
    }
    await close();
  });

  it('serializes one array object once: the kept text stands for it, another object is serialized', async () => {
    const teams = [{ id: 'a', rate: 0.5, isMine: false }];
    const mine = { id: 'm', rate: 0, isMine: true };
    const { ask, close } = await sharedRoute([
      { round: '1', teams, mine, total: 2 },
      { round: '1', teams, mine, total: 2 },
      { round: '1', teams: [...teams], mine, total: 2 },
    ]);
    const first = await ask();
    // Changed in place, which a caller must never do: the kept text shows that it was not serialized again.
    teams[0]!.rate = 0.75;
    const second = await ask();
    expect(second.body).toBe(first.body);
    expect(second.body).toContain('"rate":0.5');
    const third = await ask();
    expect(third.body).toContain('"rate":0.75');
    expect(third.body).toBe(third.whole);
    await close();
  });

  it('refuses a row the schema refuses, as the whole serializer does', async () => {
    const mine = { id: 'm', rate: 0, isMine: true };
    const { ask, close } = await sharedRoute([
      { round: '1', teams: [{ id: 5, rate: 0, isMine: false }], mine, total: 1 },
    ]);
    const { status, wholeStatus } = await ask();
    expect(status).toBe(500);
    expect(wholeStatus).toBe(500);
    await close();
  });
});
