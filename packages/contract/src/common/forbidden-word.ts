import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** The longest text a person writes in one go (a certification's body). */
export const FORBIDDEN_WORD_TEXT_MAX = 5000;

/**
 * Checks a text against the forbidden-word list before it is sent, so the person can fix it.
 * The server checks again wherever the text is stored.
 */
export const forbiddenWordEndpoint = defineEndpoint({
  path: 'common/forbidden-word',
  auth: 'public',
  summary: '금칙어 검사',
  request: z.object({ text: z.string().max(FORBIDDEN_WORD_TEXT_MAX) }),
  response: z.object({
    forbidden: z.boolean(),
    /** The listed words found in the text, in list order. */
    words: z.array(z.string()),
  }),
});
export type ForbiddenWordCheck = z.infer<typeof forbiddenWordEndpoint.response>;
