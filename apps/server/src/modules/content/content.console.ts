import {
  adminFaqCreateEndpoint,
  adminFaqDeleteEndpoint,
  adminFaqListEndpoint,
  adminFaqUpdateEndpoint,
} from '@hamkke/contract/admin/faqs';
import {
  adminForbiddenWordAddEndpoint,
  adminForbiddenWordListEndpoint,
  adminForbiddenWordRemoveEndpoint,
  adminForbiddenWordTryEndpoint,
} from '@hamkke/contract/admin/forbidden-words';
import {
  adminNoticeCreateEndpoint,
  adminNoticeDeleteEndpoint,
  adminNoticeListEndpoint,
  adminNoticeUpdateEndpoint,
} from '@hamkke/contract/admin/notices';
import {
  adminPopupCreateEndpoint,
  adminPopupDeleteEndpoint,
  adminPopupListEndpoint,
  adminPopupUpdateEndpoint,
} from '@hamkke/contract/admin/popups';
import {
  adminServiceInfoGetEndpoint,
  adminServiceInfoUpdateEndpoint,
} from '@hamkke/contract/admin/service-info';
import type { FastifyInstance } from 'fastify';
import {
  registerAuditedEndpoint,
  registerConsoleRead,
  type ConsoleKit,
} from '../../plugins/admin-endpoints.ts';
import type { ContentService } from './content.service.ts';
import type { FaqsAdminService } from './faqs-admin.service.ts';
import type { ForbiddenWordsAdminService } from './forbidden-words-admin.service.ts';
import type { NoticesAdminService } from './notices-admin.service.ts';
import type { PopupsAdminService } from './popups-admin.service.ts';
import { SERVICE_INFO_PAGE, type ServiceInfoAdminService } from './service-info-admin.service.ts';

/**
 * The console's notices, popups, FAQ, forbidden words and service information page (decision 065):
 * this module's changes, each audited in the transaction the console opens.
 */
export function registerContentConsole(
  app: FastifyInstance,
  kit: ConsoleKit,
  services: {
    content: ContentService;
    noticesAdmin: NoticesAdminService;
    popupsAdmin: PopupsAdminService;
    faqsAdmin: FaqsAdminService;
    forbiddenWordsAdmin: ForbiddenWordsAdminService;
    serviceInfoAdmin: ServiceInfoAdminService;
  },
): void {
  const { content, noticesAdmin: notices, popupsAdmin: popups, faqsAdmin: faqs } = services;
  const { forbiddenWordsAdmin: words, serviceInfoAdmin: serviceInfo } = services;

  registerConsoleRead(app, kit, adminNoticeListEndpoint, ({ body }) => notices.list(body));
  registerAuditedEndpoint(app, kit, adminNoticeCreateEndpoint, async ({ body, trx }) => {
    const after = await notices.create(body, trx);
    return { answer: after, audit: { action: 'notice.create', target: `notice:${after.noticeId}`, after } };
  });
  registerAuditedEndpoint(app, kit, adminNoticeUpdateEndpoint, async ({ body, trx }) => {
    const { before, after } = await notices.update(body.noticeId, body, trx);
    return {
      answer: after,
      audit: { action: 'notice.update', target: `notice:${body.noticeId}`, before, after },
    };
  });
  registerAuditedEndpoint(app, kit, adminNoticeDeleteEndpoint, async ({ body, trx }) => {
    const before = await notices.remove(body.noticeId, trx);
    return {
      answer: { deleted: true as const },
      audit: { action: 'notice.delete', target: `notice:${body.noticeId}`, before },
    };
  });

  registerConsoleRead(app, kit, adminPopupListEndpoint, ({ body }) => popups.list(body));
  registerAuditedEndpoint(app, kit, adminPopupCreateEndpoint, async ({ body, trx }) => {
    const after = await popups.create(body, trx);
    return { answer: after, audit: { action: 'popup.create', target: `popup:${after.popupId}`, after } };
  });
  registerAuditedEndpoint(app, kit, adminPopupUpdateEndpoint, async ({ body, trx }) => {
    const { before, after } = await popups.update(body.popupId, body, trx);
    return {
      answer: after,
      audit: { action: 'popup.update', target: `popup:${body.popupId}`, before, after },
    };
  });
  registerAuditedEndpoint(app, kit, adminPopupDeleteEndpoint, async ({ body, trx }) => {
    const before = await popups.remove(body.popupId, trx);
    return {
      answer: { deleted: true as const },
      audit: { action: 'popup.delete', target: `popup:${body.popupId}`, before },
    };
  });

  registerConsoleRead(app, kit, adminFaqListEndpoint, () => faqs.list());
  registerAuditedEndpoint(app, kit, adminFaqCreateEndpoint, async ({ body, trx }) => {
    const after = await faqs.create(body, trx);
    return { answer: after, audit: { action: 'faq.create', target: `faq:${after.faqId}`, after } };
  });
  registerAuditedEndpoint(app, kit, adminFaqUpdateEndpoint, async ({ body, trx }) => {
    const { before, after } = await faqs.update(body.faqId, body, trx);
    return { answer: after, audit: { action: 'faq.update', target: `faq:${body.faqId}`, before, after } };
  });
  registerAuditedEndpoint(app, kit, adminFaqDeleteEndpoint, async ({ body, trx }) => {
    const before = await faqs.remove(body.faqId, trx);
    return {
      answer: { deleted: true as const },
      audit: { action: 'faq.delete', target: `faq:${body.faqId}`, before },
    };
  });

  // A change applies on this server at once (after its commit) and on the others within the app's
  // one-minute cache; the "try a sentence" box answers with the list as stored now.
  registerConsoleRead(app, kit, adminForbiddenWordListEndpoint, () => words.list());
  registerAuditedEndpoint(app, kit, adminForbiddenWordAddEndpoint, async ({ body, trx }) => {
    const { word, added } = await words.add(body.word, trx);
    return {
      answer: { added },
      audit: added ? { action: 'forbidden-word.add', target: `word:${word}`, after: { word } } : null,
      afterCommit: () => content.forgetForbiddenWords(),
    };
  });
  registerAuditedEndpoint(app, kit, adminForbiddenWordRemoveEndpoint, async ({ body, trx }) => {
    const { removed } = await words.remove(body.word, trx);
    return {
      answer: { removed },
      audit: removed
        ? { action: 'forbidden-word.remove', target: `word:${body.word}`, before: { word: body.word } }
        : null,
      afterCommit: () => content.forgetForbiddenWords(),
    };
  });
  registerConsoleRead(app, kit, adminForbiddenWordTryEndpoint, async ({ body }) => {
    content.forgetForbiddenWords();
    return content.checkForbiddenWords(body.text);
  });

  registerConsoleRead(app, kit, adminServiceInfoGetEndpoint, () => serviceInfo.get());
  registerAuditedEndpoint(app, kit, adminServiceInfoUpdateEndpoint, async ({ body, trx }) => {
    const { before, after } = await serviceInfo.update(body, trx);
    return {
      answer: after,
      audit: {
        action: 'service-info.update',
        target: `content-page:${SERVICE_INFO_PAGE}`,
        before: { title: before.title, length: before.content.length },
        after: { title: after.title, length: after.content.length },
      },
    };
  });
}
