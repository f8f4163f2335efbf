import { describe, expect, it } from 'vitest';
import { decodeSessionHeader, encodeSessionHeader } from './session-header.ts';

const encode = (value: unknown) => encodeSessionHeader(value as { userId: string; loginKey: string });

describe('the session header', () => {
  it('carries the session user there and back, Hangul included', () => {
    const session = { userId: '42', loginKey: 'a2V5/+==하늘' };
    expect(decodeSessionHeader(encodeSessionHeader(session))).toEqual(session);
    expect(decodeSessionHeader(encode({ userId: '7', loginKey: '' }))).toEqual({ userId: '7', loginKey: '' });
  });

  it('keeps only the two fields', () => {
    expect(decodeSessionHeader(encode({ userId: '7', loginKey: 'k', admin: true }))).toEqual({
      userId: '7',
      loginKey: 'k',
    });
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['not base64 JSON', '!!!'],
    ['an empty user id', encode({ userId: '', loginKey: '' })],
    ['a user id of 41 characters', encode({ userId: '1'.repeat(41), loginKey: '' })],
    ['a login key of 201 characters', encode({ userId: '1', loginKey: 'k'.repeat(201) })],
    ['a numeric user id', encode({ userId: 7, loginKey: '' })],
    ['a missing login key', encode({ userId: '7' })],
    ['null', encode(null)],
    ['a header over 600 characters', 'a'.repeat(601)],
  ])('refuses %s', (_, value) => {
    expect(decodeSessionHeader(value)).toBeNull();
  });
});
