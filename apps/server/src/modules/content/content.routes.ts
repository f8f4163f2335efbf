import { forbiddenWordEndpoint } from '@hamkke/contract/common/forbidden-word';
import { faqListEndpoint, serviceInfoEndpoint } from '@hamkke/contract/home/content';
import {
  noticeDetailEndpoint,
  noticeListEndpoint,
  noticeTopListEndpoint,
} from '@hamkke/contract/home/notices';
import { popupListEndpoint } from '@hamkke/contract/home/popups';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { ContentService } from './content.service.ts';

export function registerContentRoutes(app: FastifyInstance, deps: { content: ContentService }): void {
  const { content } = deps;
  registerEndpoint(app, noticeListEndpoint, ({ body, session }) =>
    content.noticeList(session.userId, { offset: body.offset, limit: body.limit }),
  );
  registerEndpoint(app, noticeTopListEndpoint, ({ session }) => content.noticeTopList(session.userId));
  registerEndpoint(app, noticeDetailEndpoint, ({ body, session }) =>
    content.noticeDetail(session.userId, body.noticeId),
  );
  registerEndpoint(app, popupListEndpoint, () => content.popups());
  registerEndpoint(app, faqListEndpoint, () => content.faqs());
  registerEndpoint(app, serviceInfoEndpoint, () => content.serviceInfo());
  registerEndpoint(app, forbiddenWordEndpoint, ({ body }) => content.checkForbiddenWords(body.text));
}
