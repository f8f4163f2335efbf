import { checkUserStatusEndpoint } from '@hamkke/contract/login/user-status';
import {
  updateChildrenProfileEndpoint,
  updateMasterEndpoint,
  userLinksEndpoint,
} from '@hamkke/contract/user/links';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { ProfileService } from './profile.service.ts';

export function registerProfileRoutes(app: FastifyInstance, deps: { profiles: ProfileService }): void {
  const { profiles } = deps;
  registerEndpoint(app, userLinksEndpoint, ({ session }) => profiles.links(session.userId));
  registerEndpoint(app, updateMasterEndpoint, ({ session, body }) =>
    profiles.updateMaster(session.userId, body),
  );
  registerEndpoint(app, updateChildrenProfileEndpoint, ({ session, body }) =>
    profiles.updateChild(session.userId, body),
  );
  // The token names the person; the body's userId and loginKey (spec §7) are checked by the auth plugin.
  registerEndpoint(app, checkUserStatusEndpoint, ({ session }) => profiles.status(session.userId));
}
