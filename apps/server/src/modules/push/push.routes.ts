import {
  pushKeyEndpoint,
  pushPreferencesEndpoint,
  pushPreferencesUpdateEndpoint,
  pushSubscribeEndpoint,
  pushUnsubscribeEndpoint,
} from '@hamkke/contract/my/push';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { PushSubscriptionsService } from './push-subscriptions.service.ts';

export function registerPushRoutes(
  app: FastifyInstance,
  deps: { pushSubscriptions: PushSubscriptionsService },
): void {
  const subscriptions = deps.pushSubscriptions;
  registerEndpoint(app, pushKeyEndpoint, async () => ({ publicKey: subscriptions.publicKey() }));
  registerEndpoint(app, pushSubscribeEndpoint, ({ session, body }) =>
    subscriptions.subscribe(session.userId, body),
  );
  registerEndpoint(app, pushUnsubscribeEndpoint, ({ session, body }) =>
    subscriptions.unsubscribe(session.userId, body.endpoint),
  );
  registerEndpoint(app, pushPreferencesEndpoint, ({ session }) => subscriptions.preferences(session.userId));
  registerEndpoint(app, pushPreferencesUpdateEndpoint, ({ session, body }) =>
    subscriptions.updatePreferences(session.userId, body),
  );
}
