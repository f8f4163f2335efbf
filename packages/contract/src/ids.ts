import { z } from 'zod';
import { ID_PATTERN, TEAM_PUBLIC_ID_PATTERN } from './id-pattern.ts';

export { ID_PATTERN, TEAM_PUBLIC_ID_PATTERN, parseId } from './id-pattern.ts';

export const idStringSchema = z.string().regex(ID_PATTERN, 'must be an id');

/**
 * An id in a request: a decimal string on the wire (what the web app sends, and the request's input
 * type), parsed once here into the number it names, so the server's handlers and services take
 * numbers and never parse an id again.
 */
export const idSchema = idStringSchema.transform(Number);

/** A team named from outside: its public id (decision 022), resolved by the server. */
export const teamPublicIdSchema = z.string().regex(TEAM_PUBLIC_ID_PATTERN, 'must be a team id');
