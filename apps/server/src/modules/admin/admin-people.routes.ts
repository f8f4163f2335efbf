import {
  adminCertificationHideEndpoint,
  adminCertificationUnhideEndpoint,
  adminPeopleSearchEndpoint,
  adminPersonDetailEndpoint,
  adminPersonRevealEndpoint,
  adminPersonSuspendEndpoint,
  adminPersonUnsuspendEndpoint,
} from '@hamkke/contract/admin/people';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../plugins/admin-endpoints.ts';
import type { AdminPeopleService } from './admin-people.service.ts';
import type { OperatorAuthService } from './operator-auth.service.ts';

/** The console's people lookup and moderation (support). */
export function registerAdminPeopleRoutes(
  app: FastifyInstance,
  auth: OperatorAuthService,
  people: AdminPeopleService,
): void {
  registerAdminEndpoint(app, auth, adminPeopleSearchEndpoint, ({ body }) => people.search(body));
  registerAdminEndpoint(app, auth, adminPersonDetailEndpoint, ({ body }) => people.detail(body.userId));
  registerAdminEndpoint(app, auth, adminPersonRevealEndpoint, ({ actor, body }) =>
    people.reveal(actor, body.userId),
  );
  registerAdminEndpoint(app, auth, adminCertificationHideEndpoint, ({ actor, body }) =>
    people.hideCertification(actor, body.certificationId, body.reason),
  );
  registerAdminEndpoint(app, auth, adminCertificationUnhideEndpoint, ({ actor, body }) =>
    people.unhideCertification(actor, body.certificationId),
  );
  registerAdminEndpoint(app, auth, adminPersonSuspendEndpoint, ({ actor, body }) =>
    people.suspend(actor, body.userId, body.reason),
  );
  registerAdminEndpoint(app, auth, adminPersonUnsuspendEndpoint, ({ actor, body }) =>
    people.unsuspend(actor, body.userId),
  );
}
