import { ADMIN_API_PREFIX } from '@hamkke/contract/admin/endpoint';
import { API_PREFIX } from '@hamkke/contract/endpoint';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId } from 'kysely';
import client from 'prom-client';

/**
 * The app's Prometheus metrics (issue 28 item 3, decision 042): one registry per app instance, so
 * tests that build many apps in one process never meet another app's series. Everything here is
 * counted by name only: no person, team or raw URL ever becomes a label.
 */

/** Seconds: from a hot read (a few ms) to the client's 15 s time-out. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
const DECODE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30];
/** Web Vitals in seconds (LCP, FCP, INP, TTFB) by the "good / needs improvement" thresholds. */
const VITAL_SECONDS_BUCKETS = [0.1, 0.2, 0.5, 0.8, 1, 1.8, 2.5, 3, 4, 6, 10];
const CLS_BUCKETS = [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1];

const LINT_FAILING_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/** The endpoint label of a request no route matched (an unknown path). */
export const UNKNOWN_ENDPOINT = 'unknown';
/** The endpoint label of a page the web app's shell answers (any page path). */
export const PAGE_ENDPOINT = 'page';
/** Distinct web routes counted before any further one is counted as {@link OTHER_ROUTE}. */
export const MAX_WEB_ROUTES = 100;
export const OTHER_ROUTE = 'other';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface DecodeObserver {
  /** A photo waited `waitSeconds` for its turn and was decoded in `decodeSeconds`. */
  decoded(waitSeconds: number, decodeSeconds: number, outcome: 'ok' | 'error'): void;
}

/**
 * The name a request is counted under: the contract's endpoint name for API calls (`home/mission-list`,
 * `admin/…` for the console's), the route's own pattern for the few others (`/v1/health`,
 * `/files/*`), `page` for the web app's shell and `unknown` for everything else.
 */
export function endpointLabel(routeUrl: string | undefined, method: string, url: string): string {
  if (routeUrl === undefined) {
    const page = (method === 'GET' || method === 'HEAD') && !url.startsWith('/v1/');
    return page ? PAGE_ENDPOINT : UNKNOWN_ENDPOINT;
  }
  if (routeUrl.startsWith(`${API_PREFIX}/`)) return routeUrl.slice(API_PREFIX.length + 1);
  if (routeUrl.startsWith(`${ADMIN_API_PREFIX}/`))
    return `admin/${routeUrl.slice(ADMIN_API_PREFIX.length + 1)}`;
  return routeUrl;
}

export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

export function createAppMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  // Gauges named like counters (`promtool check metrics` refuses them); the same numbers stay by
  // type in nodejs_active_handles, nodejs_active_requests and nodejs_active_resources.
  for (const name of LINT_FAILING_DEFAULTS) registry.removeSingleMetric(name);

  // Every metric is this app's own: registered in its registry and no other.
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new client.Counter({ name, help, labelNames, registers: [registry] });
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new client.Gauge({ name, help, labelNames, registers: [registry] });
  const histogram = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: number[],
  ) => new client.Histogram({ name, help, labelNames, buckets, registers: [registry] });
  /** A gauge a `state`, read when scraped from what `read` answers (nothing while it answers null). */
  const stateGauge = <S extends string>(
    name: string,
    help: string,
    states: readonly S[],
    read: () => Record<S, number> | null,
  ) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = read();
        if (now) for (const state of states) this.set({ state }, now[state]);
      },
    });

  const requests = counter(
    'http_requests_total',
    'HTTP requests answered, by endpoint name (the contract’s), method and status class',
    ['endpoint', 'method', 'status_class'],
  );
  const requestDuration = histogram(
    'http_request_duration_seconds',
    'Time to answer an HTTP request, by endpoint name and status class',
    ['endpoint', 'status_class'],
    REQUEST_BUCKETS,
  );
  const queryDuration = histogram(
    'db_query_duration_seconds',
    'Database query time, by kind of statement (select, insert, update, delete, raw)',
    ['kind'],
    QUERY_BUCKETS,
  );
  let poolStats: (() => PoolStats) | null = null;
  stateGauge(
    'db_pool_connections',
    'PostgreSQL pool connections: total, idle, and requests waiting for one (absent on SQLite)',
    ['total', 'idle', 'waiting'],
    () => poolStats?.() ?? null,
  );
  let decodeQueue: (() => { active: number; waiting: number }) | null = null;
  stateGauge(
    'photo_decode_queue',
    'Photos being decoded now (active) and waiting for a turn (waiting), on this server',
    ['active', 'waiting'],
    () => decodeQueue?.() ?? null,
  );
  const decodeWait = histogram(
    'photo_decode_wait_seconds',
    'Time a photo waited in the decode queue before its decode began',
    [],
    DECODE_BUCKETS,
  );
  const decodeDuration = histogram(
    'photo_decode_duration_seconds',
    'Time to decode and re-encode one photo, by outcome',
    ['outcome'],
    DECODE_BUCKETS,
  );
  const rateLimitRefusals = counter(
    'rate_limit_refusals_total',
    'Calls refused with 429 by a rate limit, by limiter name',
    ['limiter'],
  );
  const jobRuns = counter(
    'job_runs_total',
    'Background job ticks by job and outcome (success: the period done here; skipped: another server holds the lease or the period was done; failure: it threw)',
    ['job', 'outcome'],
  );
  const jobLastSuccess = gauge(
    'job_last_success_timestamp_seconds',
    'Unix time of the last successful run of a job on this server',
    ['job'],
  );
  const domainEvents = counter(
    'app_domain_events_total',
    'Domain events (certified, signedUp, teamJoined, …), counted when emitted inside their write',
    ['event'],
  );
  const ready = gauge(
    'app_ready',
    '1 while this server is ready for traffic (set by the readiness check), 0 while starting, draining or when a dependency is down',
    [],
  );
  ready.set(0);
  const clientErrors = counter(
    'web_client_errors_total',
    'Errors the web app reported from browsers, by route pattern and kind',
    ['route', 'kind'],
  );
  const vitalSeconds = histogram(
    'web_vitals_seconds',
    'Web Vitals the web app reported (sampled), in seconds: LCP, FCP, INP, TTFB by route pattern',
    ['metric', 'route'],
    VITAL_SECONDS_BUCKETS,
  );
  const vitalCls = histogram(
    'web_vitals_cls',
    'Cumulative Layout Shift the web app reported (sampled), by route pattern',
    ['route'],
    CLS_BUCKETS,
  );

  // A browser names the route: a bounded set of them becomes labels, the rest are `other`.
  const routesSeen = new Set<string>();
  const routeLabel = (route: string) => {
    if (routesSeen.has(route)) return route;
    if (routesSeen.size >= MAX_WEB_ROUTES) return OTHER_ROUTE;
    routesSeen.add(route);
    return route;
  };

  const queryStarts = new WeakMap<QueryId, { at: number; kind: string }>();
  /** Times every query of the Kysely instance it is added to (`db.withPlugin`). */
  const queryTimer: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs) {
      queryStarts.set(args.queryId, { at: performance.now(), kind: queryKind(args.node.kind) });
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs) {
      const start = queryStarts.get(args.queryId);
      if (start) {
        queryStarts.delete(args.queryId);
        queryDuration.observe({ kind: start.kind }, (performance.now() - start.at) / 1000);
      }
      return args.result;
    },
  };

  return {
    registry,
    queryTimer,
    request(endpoint: string, method: string, status: number, seconds: number) {
      const status_class = statusClass(status);
      requests.inc({ endpoint, method, status_class });
      requestDuration.observe({ endpoint, status_class }, seconds);
    },
    watchPool(stats: () => PoolStats) {
      poolStats = stats;
    },
    watchDecodeQueue(queue: () => { active: number; waiting: number }) {
      decodeQueue = queue;
    },
    decode: {
      decoded(waitSeconds, decodeSeconds, outcome) {
        decodeWait.observe(waitSeconds);
        decodeDuration.observe({ outcome }, decodeSeconds);
      },
    } satisfies DecodeObserver,
    rateLimited(limiter: string) {
      rateLimitRefusals.inc({ limiter });
    },
    /** A job's run ended at `at`, the job runner's injected clock (no other time is read here). */
    job(job: string, outcome: 'success' | 'skipped' | 'failure', at: Date) {
      jobRuns.inc({ job, outcome });
      if (outcome === 'success') jobLastSuccess.set({ job }, at.getTime() / 1000);
    },
    domainEvent(event: string) {
      domainEvents.inc({ event });
    },
    /** Readiness (`/v1/health/ready`) says whether this server takes traffic: 1 or 0. */
    setReady(isReady: boolean) {
      ready.set(isReady ? 1 : 0);
    },
    clientError(route: string, kind: string) {
      clientErrors.inc({ route: routeLabel(route), kind });
    },
    webVital(metric: 'LCP' | 'FCP' | 'INP' | 'TTFB' | 'CLS', route: string, value: number) {
      if (metric === 'CLS') vitalCls.observe({ route: routeLabel(route) }, value);
      else vitalSeconds.observe({ metric, route: routeLabel(route) }, value / 1000);
    },
    async text(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
export type AppMetrics = ReturnType<typeof createAppMetrics>;

function queryKind(nodeKind: string): string {
  switch (nodeKind) {
    case 'SelectQueryNode':
      return 'select';
    case 'InsertQueryNode':
      return 'insert';
    case 'UpdateQueryNode':
      return 'update';
    case 'DeleteQueryNode':
      return 'delete';
    default:
      return 'raw';
  }
}
