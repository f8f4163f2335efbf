import { z } from 'zod';
import { defineAdminEndpoint } from './endpoint.ts';

export const adminForbiddenWordSchema = z.object({ word: z.string(), createdAt: z.string() });

export const adminForbiddenWordListEndpoint = defineAdminEndpoint({
  path: 'forbidden-words/list',
  access: ['content'],
  summary: '금칙어 목록',
  request: z.object({}),
  response: z.object({ items: z.array(adminForbiddenWordSchema) }),
});

export const adminForbiddenWordAddEndpoint = defineAdminEndpoint({
  path: 'forbidden-words/add',
  access: ['content'],
  summary: '금칙어 추가 (이미 있으면 그대로)',
  request: z.object({ word: z.string().trim().min(2).max(30) }),
  response: z.object({ added: z.boolean() }),
});

export const adminForbiddenWordRemoveEndpoint = defineAdminEndpoint({
  path: 'forbidden-words/remove',
  access: ['content'],
  summary: '금칙어 삭제',
  request: z.object({ word: z.string().trim().min(1).max(30) }),
  response: z.object({ removed: z.boolean() }),
});

/** The "try a sentence" box: which listed words the app would find in it. */
export const adminForbiddenWordTryEndpoint = defineAdminEndpoint({
  path: 'forbidden-words/try',
  access: ['content'],
  summary: '문장으로 금칙어 확인',
  request: z.object({ text: z.string().max(2000) }),
  response: z.object({ forbidden: z.boolean(), words: z.array(z.string()) }),
});
