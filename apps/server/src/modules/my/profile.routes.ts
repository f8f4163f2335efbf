import { checkUserStatusEndpoint } from '@hamkke/contract/login/user-status';
import {
  updateChildrenProfileEndpoint,
  updateMasterEndpoint,
  userLinksEndpoint,
} from '@hamkke/contract/user/links';
import type { FastifyInstance } from 'fastify';
import { refuseBodyNamingAnother } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { ProfileService } from './profile.service.ts';

export function registerProfileRoutes(app: FastifyInstance, deps: { profiles: ProfileService }): void {
  const { profiles } = deps;
  // The spec's client reads `data` (§7, decision 002).
  registerEndpoint(app, userLinksEndpoint, async ({ session }) => ({
    data: await profiles.links(session.userId),
  }));
  registerEndpoint(app, updateMasterEndpoint, ({ session, body }) =>
    profiles.updateMaster(session.userId, body),
  );
  registerEndpoint(app, updateChildrenProfileEndpoint, ({ session, body }) =>
    profiles.updateChild(session.userId, body),
  );
  // The token names the person; the body's userId (spec §7) must be the same one (decision 035).
  registerEndpoint(app, checkUserStatusEndpoint, ({ session, body }) => {
    refuseBodyNamingAnother(session, body);
    return profiles.status(session.userId);
  });
}
