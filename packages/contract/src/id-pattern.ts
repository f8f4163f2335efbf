/* Without zod: the web app's first load reads ids with this (ids.ts builds its schema from it). */

/**
 * Row ids travel as decimal strings. Nine digits at most, so every id the API accepts fits the
 * 32-bit integer columns of both databases (a bigger one is simply not found).
 */
export const ID_PATTERN = /^[1-9]\d{0,8}$/;

/**
 * A team's public id (decision 022): what every link and front call names a team by, 22 base64url
 * characters made of 16 random bytes. Requests take any short URL-safe text (a wrong or guessed
 * one, a number among them, is simply not found: 404); the numeric key never leaves the server.
 */
export const TEAM_PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The numeric id named by a string, or null when it is not a well-formed id. */
export function parseId(value: string | null | undefined): number | null {
  return value && ID_PATTERN.test(value) ? Number(value) : null;
}
