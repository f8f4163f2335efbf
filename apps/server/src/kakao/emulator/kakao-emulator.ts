import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance } from 'fastify';
import { registerApiRoutes } from './api-routes.ts';
import { demoPersons } from './demo-persons.ts';
import type { RouteContext } from './http.ts';
import { registerOAuthRoutes } from './oauth-routes.ts';
import type { EmulatorPerson, EmulatorPersonInput } from './persons.ts';
import { createEmulatorState, type EmulatorMessage } from './state.ts';
import { registerTestControlRoutes } from './test-controls.ts';

export { ACCESS_TOKEN_TTL_MS, CODE_TTL_MS, type EmulatorMessage } from './state.ts';

export const DEFAULT_EMULATOR_PREFIX = '/_emulator/kakao';

export interface KakaoEmulatorOptions {
  prefix?: string;
  /** The REST API key the emulator accepts. */
  clientId: string;
  /** When set, the token endpoint also demands this `client_secret`. */
  clientSecret?: string | null;
  /** When set, only these redirect URIs are "registered"; otherwise any absolute http(s) URI is. */
  redirectUris?: readonly string[];
  /** Kakao's `app_id` in `access_token_info`. */
  appId?: number;
  clock: () => Date;
  /** The people known at start (ids kept); the demo persons when absent, none with `[]`. */
  persons?: readonly EmulatorPersonInput[];
}

export interface KakaoEmulator {
  readonly prefix: string;
  readonly clientId: string;
  /** Validates and adds a test person (a given id is kept); throws EmulatorInputError. */
  createPerson(input: EmulatorPersonInput): EmulatorPerson;
  getPerson(id: string): EmulatorPerson | null;
  listPersons(): EmulatorPerson[];
  /** The "send to me" messages the person received, newest last. */
  messagesOf(id: string): EmulatorMessage[];
  /** "Kakao down": the token endpoint and the user API answer 503 while on. */
  setDown(down: boolean): void;
  isDown(): boolean;
}

/**
 * A local Kakao (kauth + kapi) for development, tests and offline demos: Kakao's paths and JSON
 * shapes under `prefix`, all state in memory (`state.ts`). The routes are in `oauth-routes.ts`
 * (kauth), `api-routes.ts` (kapi) and `test-controls.ts` (for scripts and tests). Every route is
 * public to the app's auth hook; the form parser stays inside the emulator's scope. Never register
 * it when real Kakao keys are used.
 */
export function registerKakaoEmulator(app: FastifyInstance, options: KakaoEmulatorOptions): KakaoEmulator {
  const prefix = (options.prefix ?? DEFAULT_EMULATOR_PREFIX).replace(/\/+$/, '');
  const state = createEmulatorState(options.clock, options.persons ?? demoPersons);
  const context: RouteContext = {
    prefix,
    clientId: options.clientId,
    clientSecret: options.clientSecret ?? null,
    redirectUris: options.redirectUris ?? null,
    appId: options.appId ?? 1234567,
    clock: options.clock,
    state,
  };

  app.register(
    async (scope) => {
      if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) await scope.register(formbody);

      scope.setErrorHandler((error: FastifyError, _request, reply) => {
        const status =
          error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) scope.log.error({ err: error }, 'kakao emulator failed');
        return reply
          .status(status)
          .send(status === 500 ? { msg: 'internal error', code: -1 } : { msg: 'invalid request', code: -2 });
      });

      registerOAuthRoutes(scope, context);
      registerApiRoutes(scope, context);
      registerTestControlRoutes(scope, context);
    },
    { prefix },
  );

  return {
    prefix,
    clientId: options.clientId,
    createPerson: (input) => state.persons.create(input),
    getPerson: (id) => state.persons.get(id),
    listPersons: () => state.persons.list(),
    messagesOf: (id) => state.messagesOf(id),
    setDown: (value) => state.setDown(value),
    isDown: () => state.isDown(),
  };
}
