import type { FastifyInstance } from 'fastify';
import { demoPersons } from './emulator/demo-persons.ts';
import {
  DEFAULT_EMULATOR_PREFIX,
  registerKakaoEmulator,
  type KakaoEmulator,
} from './emulator/kakao-emulator.ts';
import type { EmulatorPersonInput } from './emulator/persons.ts';
import { injectFetch } from './inject-fetch.ts';
import {
  KAKAO_API_BASE_URL,
  KAKAO_AUTH_BASE_URL,
  createKakaoClient,
  type KakaoClient,
} from './kakao-client.ts';

/** The REST API key the emulator accepts; it is no secret and no real Kakao key. */
export const EMULATOR_CLIENT_ID = 'hamkke-local-emulator';

export type KakaoMode = 'kakao' | 'emulator';

export class KakaoSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KakaoSetupError';
  }
}

export interface KakaoModeInput {
  env: 'development' | 'production' | 'test';
  /** Kakao REST API key; when set, the real Kakao is used and the emulator never runs. */
  restApiKey: string | null;
  /** Explicit opt-in for an offline demo built for production; without it production refuses to start keyless. */
  allowEmulatorInProduction?: boolean;
}

/**
 * Real Kakao whenever a key is configured; the emulator only without a key, and in production only
 * when explicitly allowed. Throws KakaoSetupError otherwise, so a misconfigured production server
 * fails at start-up instead of serving a fake login.
 */
export function chooseKakaoMode(input: KakaoModeInput): KakaoMode {
  if (input.restApiKey) return 'kakao';
  if (input.env !== 'production' || input.allowEmulatorInProduction === true) return 'emulator';
  throw new KakaoSetupError(
    'A Kakao REST API key is required in production; the local Kakao emulator does not run there',
  );
}

export interface SetupKakaoOptions extends KakaoModeInput {
  clientSecret?: string | null;
  clock: () => Date;
  /** Emulator people; the demo persons by default. */
  persons?: readonly EmulatorPersonInput[];
  /** The network fetch for real Kakao (the global one by default). */
  fetch?: typeof fetch;
  timeoutMs?: number;
  emulatorPrefix?: string;
}

export interface KakaoSetup {
  mode: KakaoMode;
  client: KakaoClient;
  /** Present in emulator mode only. */
  emulator: KakaoEmulator | null;
}

/**
 * Wires Kakao for the server: call once while building the app, before `ready()`. In emulator mode
 * the emulator is registered on `app` and the client reaches it in-process through `injectFetch`,
 * with a relative base URL, so the browser's authorize URL stays on the server's own origin.
 */
export function setupKakao(app: FastifyInstance, options: SetupKakaoOptions): KakaoSetup {
  const mode = chooseKakaoMode(options);
  const timeout = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  if (mode === 'kakao') {
    const client = createKakaoClient({
      authBaseUrl: KAKAO_AUTH_BASE_URL,
      apiBaseUrl: KAKAO_API_BASE_URL,
      clientId: options.restApiKey ?? '',
      clientSecret: options.clientSecret ?? null,
      fetch: options.fetch ?? globalThis.fetch,
      ...timeout,
    });
    return { mode, client, emulator: null };
  }
  const prefix = options.emulatorPrefix ?? DEFAULT_EMULATOR_PREFIX;
  const emulator = registerKakaoEmulator(app, {
    prefix,
    clientId: EMULATOR_CLIENT_ID,
    clock: options.clock,
    persons: options.persons ?? demoPersons,
  });
  const client = createKakaoClient({
    authBaseUrl: emulator.prefix,
    apiBaseUrl: emulator.prefix,
    clientId: EMULATOR_CLIENT_ID,
    fetch: injectFetch(app),
    ...timeout,
  });
  return { mode, client, emulator };
}
