import { z } from 'zod';
import { operatorLinkSchema } from '../common/operator-link.ts';
import { idSchema } from '../ids.ts';
import { defineAdminEndpoint, pageRequestSchema } from './endpoint.ts';

export const adminPopupSchema = z.object({
  popupId: z.string(),
  title: z.string(),
  content: z.string(),
  linkUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  sort: z.number().int(),
});
export type AdminPopup = z.infer<typeof adminPopupSchema>;

const popupFields = z
  .object({
    title: z.string().trim().min(1).max(60),
    /** Plain text; blank lines separate paragraphs. */
    content: z.string().trim().min(1).max(1000),
    /** An in-app path (`/challenge`) or an https address (common/operator-link.ts). */
    linkUrl: operatorLinkSchema,
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    sort: z.number().int().min(0).max(999).default(0),
  })
  .refine((popup) => Date.parse(popup.endsAt) > Date.parse(popup.startsAt), {
    path: ['endsAt'],
    message: 'must be after the start',
  });

export const adminPopupListEndpoint = defineAdminEndpoint({
  path: 'popups/list',
  access: ['content'],
  summary: '팝업 목록 (게시 시작 최신순)',
  request: pageRequestSchema,
  response: z.object({ items: z.array(adminPopupSchema), total: z.number().int().nonnegative() }),
});

export const adminPopupCreateEndpoint = defineAdminEndpoint({
  path: 'popups/create',
  access: ['content'],
  summary: '팝업 만들기 (게시 기간)',
  request: popupFields,
  response: adminPopupSchema,
});

export const adminPopupUpdateEndpoint = defineAdminEndpoint({
  path: 'popups/update',
  access: ['content'],
  summary: '팝업 수정',
  request: popupFields.and(z.object({ popupId: idSchema })),
  response: adminPopupSchema,
});

export const adminPopupDeleteEndpoint = defineAdminEndpoint({
  path: 'popups/delete',
  access: ['content'],
  summary: '팝업 삭제',
  request: z.object({ popupId: idSchema }),
  response: z.object({ deleted: z.literal(true) }),
});
