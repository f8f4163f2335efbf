import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import type { Clock } from './lib/clock.ts';
import { createTokenService } from './modules/auth/token.service.ts';
import { createCommonService } from './modules/common/common.service.ts';
import { createTermsService } from './modules/home/terms.service.ts';

export interface ServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** The composition root: every service built once from explicit dependencies. */
export function createServices(deps: ServiceDeps) {
  return {
    tokens: createTokenService(deps),
    common: createCommonService(deps),
    terms: createTermsService(deps),
  };
}
export type Services = ReturnType<typeof createServices>;
