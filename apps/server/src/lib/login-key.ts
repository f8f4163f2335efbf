import { makeLoginKey } from '@hamkke/seed-cipher/cbc';

function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** The spec's loginKey: base64 of SEED-CBC(key, iv, Kakao id). It names a person; it proves nothing. */
export type LoginKeyMaker = (kakaoId: string) => string;

export function createLoginKeyMaker(config: { key: string; iv: string }): LoginKeyMaker {
  const key = hexToBytes(config.key);
  const iv = hexToBytes(config.iv);
  return (kakaoId) => makeLoginKey(kakaoId, key, iv);
}
