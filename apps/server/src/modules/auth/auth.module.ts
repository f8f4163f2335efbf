import { createLoginKeyMaker } from '../../lib/login-key.ts';
import { defineModule } from '../app-module.ts';
import type { UsersService } from '../users/users.service.ts';
import { createTokenService } from './token.service.ts';

/** Access tokens and the loginKey maker; the auth plugin and every login use them. */
export const authModule = defineModule<
  { tokens: ReturnType<typeof createTokenService>; makeLoginKey: ReturnType<typeof createLoginKeyMaker> },
  { users: UsersService }
>({
  name: 'auth',
  needs: ['users'],
  services: ({ db, clock, loginKey, events, users }) => {
    const tokens = createTokenService({ db, clock, signedInAccounts: users.signedInAccounts });
    // A suspension (users) ends the accounts' sessions in its transaction.
    events.on('accountsSuspended', (trx, event) => tokens.revokeAll(event.userIds, trx));
    return { tokens, makeLoginKey: createLoginKeyMaker(loginKey) };
  },
});
