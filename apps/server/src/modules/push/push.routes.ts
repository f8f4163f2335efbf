import {
  pushKeyEndpoint,
  pushPreferencesEndpoint,
  pushPreferencesUpdateEndpoint,
  pushSubscribeEndpoint,
  pushUnsubscribeEndpoint,
} from '@hamkke/contract/my/push';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { PushService } from './push.service.ts';

export function registerPushRoutes(app: FastifyInstance, deps: { push: PushService }): void {
  const { push } = deps;
  registerEndpoint(app, pushKeyEndpoint, async () => ({ publicKey: push.publicKey() }));
  registerEndpoint(app, pushSubscribeEndpoint, ({ session, body }) => push.subscribe(session.userId, body));
  registerEndpoint(app, pushUnsubscribeEndpoint, ({ session, body }) =>
    push.unsubscribe(session.userId, body.endpoint),
  );
  registerEndpoint(app, pushPreferencesEndpoint, ({ session }) => push.preferences(session.userId));
  registerEndpoint(app, pushPreferencesUpdateEndpoint, ({ session, body }) =>
    push.updatePreferences(session.userId, body),
  );
}
