import { describe, expect, it } from 'vitest';
import { readTopLevelId } from './raw-json.ts';

describe('readTopLevelId', () => {
  it('keeps every digit of a 64-bit id', () => {
    const text = '{"id":9223372036854775807,"connected_at":"2022-04-11T01:45:28Z"}';
    expect(JSON.parse(text).id).not.toBe(9223372036854775807n.toString());
    expect(readTopLevelId(text, 'id')).toBe('9223372036854775807');
  });

  it('finds the member wherever it is and ignores nested ones and look-alikes in strings', () => {
    const text =
      '{ "note": "\\"id\\":1, {\\"id\\":2}", "kakao_account": {"id": 3, "list": [{"id": 4}]},\n "id" : 123456789 }';
    expect(readTopLevelId(text, 'id')).toBe('123456789');
    expect(readTopLevelId('{"kakao_account":{"id":5}}', 'id')).toBeNull();
  });

  it('accepts a string of digits and escaped key spellings', () => {
    expect(readTopLevelId('{"id":"42"}', 'id')).toBe('42');
    expect(readTopLevelId('{"\\u0069d":77}', 'id')).toBe('77');
  });

  it('refuses anything that is not a whole non-negative integer', () => {
    for (const value of ['-1', '1.5', '1e3', 'null', 'true', '"12a"', '{}', '[1]']) {
      expect(readTopLevelId(`{"id":${value}}`, 'id')).toBeNull();
    }
    expect(readTopLevelId('[{"id":1}]', 'id')).toBeNull();
    expect(readTopLevelId('{"id', 'id')).toBeNull();
  });
});
