import { createLoginKeyMaker } from '../../lib/login-key.ts';
import { defineModule } from '../app-module.ts';
import { createTokenService } from './token.service.ts';

/** Access tokens and the loginKey maker; the auth plugin and every login use them. */
export const authModule = defineModule({
  name: 'auth',
  services: ({ db, clock, loginKey, events }) => {
    const tokens = createTokenService({ db, clock });
    // A suspension (users) ends the accounts' sessions in its transaction.
    events.on('accountsSuspended', (trx, event) => tokens.revokeAll(event.userIds, trx));
    return { tokens, makeLoginKey: createLoginKeyMaker(loginKey) };
  },
});
