import {
  authAboEndpoint,
  checkPinUserEndpoint,
  myInfoEndpoint,
  unlinkKakaoEndpoint,
  withdrawEndpoint,
} from '@hamkke/contract/my/account';
import {
  agreeChildConsentEndpoint,
  changeMyIdEndpoint,
  childConsentsEndpoint,
  changeMyPasswordEndpoint,
  childrenInfoEndpoint,
  childrenListEndpoint,
  createChildrenEndpoint,
  deleteChildrenEndpoint,
  unlockChildLoginEndpoint,
  updateChildrenEndpoint,
} from '@hamkke/contract/my/children';
import {
  childLinkInfoEndpoint,
  createChildInviteEndpoint,
  createChildPasswordLinkEndpoint,
  registerChildByLinkEndpoint,
  resetChildPasswordByLinkEndpoint,
} from '@hamkke/contract/login/child-invite';
import { childNoticeEndpoint, childNoticeSeenEndpoint } from '@hamkke/contract/my/child-notice';
import type { FastifyInstance } from 'fastify';
import { refuseBodyNamingAnother } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { AccountService } from './account.service.ts';
import type { ChildLinksService } from './child-links.service.ts';
import type { ChildNoticeService } from './child-notice.service.ts';
import type { ChildrenService } from './children.service.ts';

export function registerMyRoutes(
  app: FastifyInstance,
  deps: {
    children: ChildrenService;
    account: AccountService;
    childLinks: ChildLinksService;
    childNotice: ChildNoticeService;
  },
): void {
  const { children, account, childLinks, childNotice } = deps;
  registerEndpoint(app, childNoticeEndpoint, ({ session }) => childNotice.due(session.userId));
  registerEndpoint(app, childNoticeSeenEndpoint, ({ session }) => childNotice.seen(session.userId));
  registerEndpoint(app, createChildInviteEndpoint, ({ session, body, request }) =>
    childLinks.createInvite(session.userId, body, request.ip),
  );
  registerEndpoint(app, createChildPasswordLinkEndpoint, ({ session, body }) =>
    childLinks.createPasswordLink(session.userId, body.childrenUserId),
  );
  registerEndpoint(app, childLinkInfoEndpoint, ({ body, request }) =>
    childLinks.info(body.token, request.ip),
  );
  registerEndpoint(app, registerChildByLinkEndpoint, ({ body, request }) =>
    childLinks.register(body, request.ip),
  );
  registerEndpoint(app, resetChildPasswordByLinkEndpoint, ({ body }) => childLinks.resetPassword(body));
  registerEndpoint(app, childrenListEndpoint, ({ session }) => children.list(session.userId));
  registerEndpoint(app, childrenInfoEndpoint, ({ session, body }) =>
    children.info(session.userId, body.childrenUserId),
  );
  registerEndpoint(app, createChildrenEndpoint, ({ session, body, request }) =>
    children.create(session.userId, body, request.ip),
  );
  registerEndpoint(app, childConsentsEndpoint, ({ session, body }) =>
    children.consents(session.userId, body.childrenUserId),
  );
  registerEndpoint(app, agreeChildConsentEndpoint, ({ session, body, request }) =>
    children.agreeConsent(session.userId, body, request.ip),
  );
  registerEndpoint(app, updateChildrenEndpoint, ({ session, body }) => children.update(session.userId, body));
  registerEndpoint(app, deleteChildrenEndpoint, ({ session, body }) =>
    children.remove(session.userId, body.childrenUserId),
  );
  registerEndpoint(app, unlockChildLoginEndpoint, ({ session, body }) =>
    children.unlockLogin(session.userId, body.childrenUserId),
  );
  registerEndpoint(app, changeMyIdEndpoint, ({ session, body }) =>
    children.changeOwnLoginId(session.userId, body),
  );
  registerEndpoint(app, changeMyPasswordEndpoint, ({ session, body }) =>
    children.changeOwnPassword(session.userId, session.tokenHash, body),
  );

  // The token names the person; the body's userId (spec §7) must be the same one (decision 035).
  registerEndpoint(app, myInfoEndpoint, ({ session, body }) => {
    refuseBodyNamingAnother(session, body);
    return account.myInfo(session.userId);
  });
  registerEndpoint(app, checkPinUserEndpoint, ({ session, body }) => {
    refuseBodyNamingAnother(session, body);
    return account.checkPin(session.userId);
  });
  registerEndpoint(app, authAboEndpoint, ({ session, body, request }) =>
    account.authAbo(session.userId, body.memberNo, request.ip),
  );
  registerEndpoint(app, unlinkKakaoEndpoint, ({ session, body }) =>
    account.unlinkKakao(session.userId, body.accessToken),
  );
  registerEndpoint(app, withdrawEndpoint, ({ session }) => account.withdraw(session.userId));
}
