import type { PasswordParams } from './lib/password.ts';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { API_PREFIX, endpointUrl } from '@hamkke/contract/endpoint';
import type { AppConfig } from '@hamkke/contract/system/app-config';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import zlib from 'node:zlib';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import { pingDatabase } from './db/connection.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createAppMetrics, type AppMetrics, type PoolStats } from './lib/metrics.ts';
import { createMemoryCounterStore, type CounterStore } from './lib/rate-limiter.ts';
import { createReadiness, DEPENDENCY_TIMEOUT_MS, type Readiness } from './lib/readiness.ts';
import { createRedisCounterStore } from './lib/redis-counter-store.ts';
import { requestIdGenerator } from './lib/request-id.ts';
import type { FileStorage } from './lib/storage.ts';
import { storageFromConfig } from './lib/storage-from-config.ts';
import { setupKakao, type KakaoSetup } from './kakao/kakao-setup.ts';
import { registerConsoleEndpoints } from './plugins/admin-endpoints.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDrainGate } from './plugins/drain.ts';
import { isApiPath } from './plugins/endpoints.ts';
import { registerErrorHandling, sendRouteNotFound } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders, registerWwwRedirect } from './plugins/security-headers.ts';
import { registerSharePreviews } from './plugins/share-previews.ts';
import { registerTeamAccess } from './plugins/team-access.ts';
import { warnAboutTrustProxy } from './plugins/trust-proxy.ts';
import { registerWebApp, type LoadAnswer } from './plugins/web-app.ts';
import { appModules, createServices, type Services } from './modules.ts';
import type { AppModule } from './modules/app-module.ts';

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  clock?: Clock;
  /** Local disk under UPLOAD_DIR unless given. */
  storage?: FileStorage;
  /** argon2id cost of new child passwords (tests may change it). */
  passwordParams?: PasswordParams;
  /** Rate-limit counters; Redis when REDIS_URL is set, else this process's memory, unless given. */
  counters?: CounterStore;
  /** Where the log lines go (standard output unless given): tests read what was logged. */
  logStream?: { write(line: string): void };
  /** Starting, ready or draining (main.ts moves it); ready at once unless given. */
  readiness?: Readiness;
  /** The PostgreSQL pool's connections, for the metrics (DatabaseHandle.poolStats). */
  poolStats?: () => PoolStats;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    kakao: KakaoSetup;
    /** Whether a balancer should send this server traffic (lib/readiness.ts). */
    readiness: Readiness;
    /** This app's metrics (its own registry); readiness sets `app_ready` through `setReady`. */
    metrics: AppMetrics;
  }
}

export function appConfigFor(config: Config): AppConfig {
  return { company: config.company, kakaoJsKey: config.kakaoJsKey, welcomeUrl: config.welcomeUrl };
}

/** Builds the Fastify instance: plugins first, then the modules. `listen` is main.ts's job. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const metrics = createAppMetrics();
  if (options.poolStats) metrics.watchPool(options.poolStats);
  // Every query of this app is timed (db_query_duration_seconds); transactions keep the plugin.
  const db = options.db.withPlugin(metrics.queryTimer);
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: config.trustProxy,
    // The proxy's X-Request-Id only from the proxy (TRUST_PROXY); every log line carries it as reqId.
    genReqId: requestIdGenerator(config.trustProxy),
  });
  app.decorate('metrics', metrics);
  registerMetrics(app, { metrics, token: config.metrics.token });
  // app_ready by default: 0 until listening, 0 again from the start of closing; the readiness
  // check (`/v1/health/ready`) refines it with its dependencies through app.metrics.setReady.
  app.addHook('onListen', async () => metrics.setReady(true));
  app.addHook('preClose', async () => metrics.setReady(false));
  warnAboutTrustProxy(app.log, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const kakao = setupKakao(app, {
    env: config.env,
    restApiKey: config.kakao.restApiKey,
    clientSecret: config.kakao.clientSecret,
    allowEmulatorInProduction: config.kakao.emulatorInProduction,
    clock,
  });
  const counters =
    options.counters ??
    (config.redisUrl
      ? createRedisCounterStore({
          url: config.redisUrl,
          keyPrefix: config.redisKeyPrefix,
          onError: (error) => app.log.warn({ err: error }, 'rate-limit store (Redis) trouble'),
          // Decision 044: while Redis is away every limit counts in this server's memory.
          fallback: createMemoryCounterStore(clock),
          onFallback: (active) =>
            active
              ? app.log.error('Redis unreachable: rate limits count per server until it returns')
              : app.log.warn('Redis back: rate limits count in Redis again'),
        })
      : createMemoryCounterStore(clock));
  if (!options.counters) app.addHook('onClose', () => counters.close());
  const storage = options.storage ?? storageFromConfig(config);
  const services = createServices({
    db,
    clock,
    counters,
    uploadLimits: config.uploadLimits,
    rankingCacheMs: config.rankingCacheMs,
    countsCacheMs: config.countsCacheMs,
    forbiddenWordsCacheMs: config.forbiddenWordsCacheMs,
    kakao: kakao.client,
    loginKey: config.loginKey,
    deviceCookieSecret: config.deviceCookieSecret,
    metrics,
    storage,
    vapid: { keys: config.vapid, subject: config.vapidSubject },
    push: config.push,
    exportsQuotaBytes: config.exportsQuotaBytes,
    ...(options.passwordParams ? { passwordParams: options.passwordParams } : {}),
  });
  app.decorate('services', services);
  metrics.watchDecodeQueue(services.files.decodeQueue);
  app.decorate('endpoints', []);
  app.decorate('kakao', kakao);

  // What the readiness check asks: the database always, Redis and the bucket when they are used.
  const readiness = options.readiness ?? createReadiness('ready');
  readiness.addDependency('database', async () => {
    if (!(await pingDatabase(db, DEPENDENCY_TIMEOUT_MS))) throw new Error('database down');
  });
  if (counters.ping) readiness.addDependency('redis', () => counters.ping!());
  if (storage.ping) readiness.addDependency('storage', () => storage.ping!());
  app.decorate('readiness', readiness);

  registerDrainGate(app, readiness);
  registerWwwRedirect(app, config.publicOrigin);
  registerSecurityHeaders(app, { production: config.env === 'production' });

  registerErrorHandling(app);
  await app.register(cookie);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4 keeps on-the-fly brotli cheap; hashed assets are cached by the browser anyway.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  if (config.apiDocs) await registerOpenApi(app);
  registerAuth(app, { tokens: services.tokens, apiPrefix: API_PREFIX });
  registerTeamAccess(app, services.teamMembership);

  // Each module serves its own console screens through the admin module's sign-in and audit log (decision 065).
  registerConsoleEndpoints(app);
  const consoleKit = { db, auth: services.operatorAuth, audit: services.audit };
  for (const module of appModules as readonly AppModule<object, object>[]) {
    await module.routes?.(app, { services, config, db, clock, console: consoleKit });
  }

  // A page drawn on the server has the data its public call answers, through the call itself
  // (validation, the response schema's whitelist), as the browser would have it.
  const loadAnswer: LoadAnswer = async (endpoint, body) => {
    if (endpoint.auth !== 'public') return null;
    const answer = await app.inject({
      method: 'POST',
      url: endpointUrl(endpoint),
      payload: body as object,
    });
    return answer.statusCode === 200 ? (answer.json<{ response: unknown }>().response ?? null) : null;
  };
  // Link previews: og/twitter tags of shared days and invite links, and the invite card images.
  const previews = registerSharePreviews(app, {
    publicOrigin: config.publicOrigin,
    readInvitePreview: services.invitePreview.readInvitePreview,
    loadAnswer,
    counters,
  });
  const webApp = await registerWebApp(app, {
    distDir: config.webDistDir,
    appConfig: appConfigFor(config),
    kakaoSdk: config.kakaoJsKey !== null,
    loadAnswer,
    headTagsFor: previews.headFor,
  });
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    // Missing assets and docs (API_DOCS=false) are 404, not the shell.
    if (wantsPage && !/^\/(assets|docs)(\/|$)/.test(request.url)) {
      const sent = await webApp.sendIndex(reply, request.url, {
        origin: `${request.protocol}://${request.host}`,
        address: request.ip,
      });
      if (sent) return reply;
    }
    return sendRouteNotFound(request, reply);
  });
  return app;
}
