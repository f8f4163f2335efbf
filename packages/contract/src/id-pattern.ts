/* Without zod: the web app's first load reads ids with this (ids.ts builds its schema from it). */

/**
 * Row ids travel as decimal strings. Nine digits at most, so every id the API accepts fits the
 * 32-bit integer columns of both databases (a bigger one is simply not found).
 */
export const ID_PATTERN = /^[1-9]\d{0,8}$/;

/** The numeric id named by a string, or null when it is not a well-formed id. */
export function parseId(value: string | null | undefined): number | null {
  return value && ID_PATTERN.test(value) ? Number(value) : null;
}
