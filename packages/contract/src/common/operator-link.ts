import { z } from 'zod';

export const OPERATOR_LINK_MAX = 500;

/** Where an operator's link goes: a page of this app, or an https address opened as external. */
export type OperatorLinkTarget = { href: string; external: boolean };

/**
 * Whitespace, controls and backslashes: a browser drops or rewrites them before it resolves an
 * address (`\` counts as `/`, so `/\evil.example` is `//evil.example`, another site).
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f\\]/u;

/**
 * The one rule for every link an operator publishes (popups today; notices or banners when they
 * carry one): an in-app path — a single `/`, then not `/` or `\` — or an absolute `https:` address
 * with a host and no user name, nothing else. The contract's schema and the app's check before it
 * navigates both call this, so they cannot drift apart. Null when the text is neither.
 */
export function operatorLinkTarget(value: string | null | undefined): OperatorLinkTarget | null {
  if (typeof value !== 'string' || value === '' || value.length > OPERATOR_LINK_MAX) return null;
  if (UNSAFE_CHARACTERS.test(value)) return null;
  if (value.startsWith('/')) {
    // `//host` is another site; `/` alone is the home page.
    return value.length === 1 || value[1] !== '/' ? { href: value, external: false } : null;
  }
  if (!value.startsWith('https://')) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  // `https://hamkke.kr@evil.example` reads as ours and goes elsewhere.
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '')
    return null;
  return { href: value, external: true };
}

/** An operator's link as a request carries it; null (or left out) means none. */
export const operatorLinkSchema = z
  .string()
  .trim()
  .max(OPERATOR_LINK_MAX)
  .refine((value) => operatorLinkTarget(value) !== null, {
    message: 'an in-app path (/challenge) or an https:// address',
  })
  .nullable()
  .default(null);
