import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const commonCodeSchema = z.object({
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
});
export type CommonCode = z.infer<typeof commonCodeSchema>;

/** Common codes of the asked groups, keyed by group; an unknown group maps to an empty list. */
export const commcodeKeysEndpoint = defineEndpoint({
  path: 'common/commcode-keys',
  auth: 'public',
  summary: '공통 코드 조회 (그룹 키별)',
  request: z.object({
    groupKeys: z
      .array(z.string().regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'must be an upper-case code group key'))
      .min(1)
      .max(20),
  }),
  response: z.record(z.string(), z.array(commonCodeSchema)),
});
