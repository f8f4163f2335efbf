import { createLoginKeyMaker } from '../../lib/login-key.ts';
import { defineModule } from '../app-module.ts';
import { createTokenService } from './token.service.ts';

/** Access tokens and the loginKey maker; the auth plugin and every login use them. */
export const authModule = defineModule({
  name: 'auth',
  services: ({ db, clock, loginKey }) => ({
    tokens: createTokenService({ db, clock }),
    makeLoginKey: createLoginKeyMaker(loginKey),
  }),
});
