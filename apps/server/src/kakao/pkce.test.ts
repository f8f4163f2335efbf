import { describe, expect, it } from 'vitest';
import { challengeFor, createPkcePair, createState, isValidCodeVerifier } from './pkce.ts';

describe('PKCE', () => {
  it('computes the S256 challenge of RFC 7636 Appendix B', () => {
    expect(challengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('creates a valid verifier of 256 bits with its matching challenge, different every time', () => {
    const first = createPkcePair();
    const second = createPkcePair();
    expect(first.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isValidCodeVerifier(first.verifier)).toBe(true);
    expect(Buffer.from(first.verifier, 'base64url')).toHaveLength(32);
    expect(first.challenge).toBe(challengeFor(first.verifier));
    expect(first.verifier).not.toBe(second.verifier);
  });

  it('validates verifiers by RFC 7636 length and alphabet', () => {
    expect(isValidCodeVerifier('a'.repeat(42))).toBe(false);
    expect(isValidCodeVerifier('a'.repeat(43))).toBe(true);
    expect(isValidCodeVerifier('a'.repeat(128))).toBe(true);
    expect(isValidCodeVerifier('a'.repeat(129))).toBe(false);
    expect(isValidCodeVerifier(`${'a'.repeat(42)}~._-`)).toBe(true);
    expect(isValidCodeVerifier(`${'a'.repeat(43)}+`)).toBe(false);
  });

  it('creates unguessable states', () => {
    const state = createState();
    expect(Buffer.from(state, 'base64url')).toHaveLength(32);
    expect(createState()).not.toBe(state);
  });
});
