import type { PasswordParams } from '../lib/password.ts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config, VapidKeys } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { ConsoleKit } from '../plugins/admin-endpoints.ts';
import type { KakaoClient } from '../kakao/kakao-client.ts';
import type { Clock } from '../lib/clock.ts';
import type { DomainEvents } from '../lib/domain-events.ts';
import type { AppMetrics } from '../lib/metrics.ts';
import type { CounterStore } from '../lib/rate-limiter.ts';
import type { FileStorage } from '../lib/storage.ts';

/** What every module's services are built from (the composition root's inputs). */
export interface CoreDeps {
  db: Kysely<Database>;
  clock: Clock;
  kakao: KakaoClient;
  loginKey: { key: string; iv: string };
  /** HMAC key of the login device cookie (decision 033). */
  deviceCookieSecret: string;
  storage: FileStorage;
  /** argon2id cost for new child passwords; the security.md default unless a test changes it. */
  passwordParams?: PasswordParams;
  /** Handlers other modules run inside a write's transaction (made by the composition root). */
  events: DomainEvents;
  /** This app's Prometheus metrics (lib/metrics.ts): one registry per app instance. */
  metrics: AppMetrics;
  /** Rate-limit counters (memory, or Redis shared by several servers). */
  counters: CounterStore;
  /** Photos one person may upload per hour, and hold unattached. */
  uploadLimits: { perHour: number; pending: number };
  /** A round's team ranking is reused this long per server (0 in tests: always fresh). */
  rankingCacheMs: number;
  /** The header counts are reused this long per server (0 in tests: always fresh). */
  countsCacheMs: number;
  /** The forbidden-word list is reused this long per server. */
  forbiddenWordsCacheMs: number;
  /** Web Push keys and subject (decision 047); unset or null keys: nothing is pushed. */
  vapid?: { keys: VapidKeys | null; subject: string };
  /** Bytes all kept family exports may take at once (5 GiB when unset). */
  exportsQuotaBytes?: number;
  /** Where pushes may go and how long one may take (decision 067); the defaults when unset. */
  push?: Config['push'];
}

export interface RouteContext<S> {
  services: S;
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  /** The operator console's sign-in check and audit log: a module registers its own console screens with it. */
  console: ConsoleKit;
}

/**
 * One domain module: the services it provides (built from the core deps plus the services of
 * modules listed before it, named in `needs`) and its routes. Adding a module is one line in
 * `modules.ts`.
 */
export interface AppModule<Provides extends object, Needs extends object = object> {
  readonly name: string;
  /** Services of earlier modules this one is built from; checked when the services are built. */
  readonly needs?: readonly (keyof Needs & string)[];
  readonly services?: (deps: CoreDeps & Needs) => Provides;
  readonly routes?: (app: FastifyInstance, context: RouteContext<Needs & Provides>) => void | Promise<void>;
}

export function defineModule<Provides extends object, Needs extends object = object>(
  module: AppModule<Provides, Needs>,
): AppModule<Provides, Needs> {
  return module;
}
