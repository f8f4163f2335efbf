import { z } from 'zod';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';

export const popupSchema = z.object({
  popupId: z.string(),
  title: z.string(),
  /** Plain text with blank lines between paragraphs. */
  content: z.string(),
  /** An in-app path or an https address the popup's button opens. */
  linkUrl: z.string().nullable(),
  /** The end of the display period; "don't show again today" is kept by the web app. */
  endsAt: z.string(),
});
export type Popup = z.infer<typeof popupSchema>;

/** Page popups whose display period contains now, in the operator's order. */
export const popupListEndpoint = defineEndpoint({
  path: 'home/popup-list',
  auth: 'public',
  summary: '게시 기간 중인 팝업 목록',
  request: emptyRequestSchema,
  response: z.array(popupSchema),
});
