import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sameAnswerOnce } from './endpoints.ts';

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
