import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** A variable's README line: what it means and the default as a person reads it. */
function documented<T extends z.ZodType>(schema: T, description: string, shownDefault = 'unset'): T {
  return schema.meta({ description, shownDefault });
}

/**
 * The demo SEED key and IV for `loginKey`: public in this repository, so whoever knows them can
 * compute any person's `loginKey`. Outside production only.
 */
export const DEMO_LOGIN_KEY_SEED_KEY = '68616d6b6b652d6d697373696f6e2121';
export const DEMO_LOGIN_KEY_SEED_IV = '000102030405060708090a0b0c0d0e0f';

/**
 * Every environment variable the server reads, validated in one place. The README's configuration
 * table is generated from these descriptions (`npm run docs:config`), and a test keeps it in step.
 */
export const envSchema = z.object({
  NODE_ENV: documented(
    z.enum(['development', 'production', 'test']).default('development'),
    '`production` turns demo seeding off by default, and refuses to start with a demo secret or default (the demo SEED key or IV, the Kakao emulator, no `PUBLIC_ORIGIN`, `CLOCK_START`)',
    '`development`',
  ),
  HOST: documented(z.string().default('0.0.0.0'), 'address to listen on', '`0.0.0.0`'),
  PORT: documented(z.coerce.number().int().min(0).max(65535).default(8080), 'port to listen on', '`8080`'),
  LOG_LEVEL: documented(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    '`fatal` … `trace`, or `silent`',
    '`info`',
  ),
  DATABASE_URL: documented(
    z
      .string()
      .min(1)
      .default(`file:${path.join(repoRoot, 'data', 'hamkke.sqlite')}`),
    'SQLite file (`file:` optional), or `postgres://…` for PostgreSQL',
    '`file:./data/hamkke.sqlite`',
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: documented(
    z.coerce.number().int().min(100).max(600_000).default(5000),
    "longest one statement may run (PostgreSQL's `statement_timeout` on every connection) or wait for SQLite's write lock (`busy_timeout`); beyond it the request is answered 503 instead of holding a worker",
    '`5000`',
  ),
  SEED_DEMO_DATA: documented(
    booleanFlag.optional(),
    'seed demo data into an empty database at start',
    '`true` outside production',
  ),
  ALLOW_PRODUCTION_SEED: documented(
    booleanFlag.default(false),
    '`npm run db:seed` may delete every row of a production database and seed the demo data',
    '`false`',
  ),
  WEB_DIST_DIR: documented(
    z.string().default(path.join(repoRoot, 'apps', 'web', 'dist')),
    'the built web app to serve',
    '`apps/web/dist`',
  ),
  UPLOAD_DIR: documented(
    z.string().default(path.join(repoRoot, 'data', 'uploads')),
    'where photos are stored on local disk',
    '`./data/uploads`',
  ),
  S3_BUCKET: documented(
    z.string().min(3).max(63).optional(),
    'store photos in this S3-compatible bucket instead of `UPLOAD_DIR`',
  ),
  S3_ENDPOINT: documented(z.url().optional(), 'S3 endpoint (MinIO, R2, …); unset: AWS'),
  S3_REGION: documented(z.string().min(1).default('ap-northeast-2'), 'S3 region', '`ap-northeast-2`'),
  S3_ACCESS_KEY_ID: documented(z.string().min(1).optional(), "S3 access key (unset: the SDK's own chain)"),
  S3_SECRET_ACCESS_KEY: documented(z.string().min(1).optional(), 'S3 secret key'),
  S3_FORCE_PATH_STYLE: documented(
    booleanFlag.default(false),
    'path-style S3 URLs (MinIO, s3rver)',
    '`false`',
  ),
  S3_TIMEOUT_MS: documented(
    z.coerce.number().int().min(100).max(120_000).default(5000),
    'longest one S3 call may take (connecting, then each wait for an answer); a store that hangs or errs makes an upload answer 503 within about twice this',
    '`5000`',
  ),
  TRUST_PROXY: documented(
    z.string().default('false').transform(parseTrustProxy),
    'the reverse proxy in front, whose `X-Forwarded-*` is believed: its addresses and CIDRs (`10.0.0.2,10.1.0.0/16`), or a weaker hop count (`1`, see below); `false` believes none',
    '`false`',
  ),
  PUBLIC_ORIGIN: documented(
    z
      .url()
      .regex(/^https?:\/\/[^/]+$/, 'an origin: scheme and host, no path')
      .optional(),
    "the public origin (`https://hamkke.kr`): link previews' absolute addresses (og:url, og:image), and requests to its `www.` host are sent there; required in production (unset elsewhere: previews name the origin asked, no redirect)",
  ),
  API_DOCS: documented(
    booleanFlag.optional(),
    'the OpenAPI document and its page at `/docs`',
    '`true` outside production',
  ),
  REDIS_URL: documented(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    'Redis for the rate-limit counters, shared by several servers (unset: in memory, one server)',
  ),
  REDIS_KEY_PREFIX: documented(
    z.string().min(1).max(100).default('hamkke:limits:'),
    'put before every Redis key, so several apps can share one Redis',
    '`hamkke:limits:`',
  ),
  RANKING_CACHE_MS: documented(
    z.coerce.number().int().min(0).max(60_000).default(5000),
    "how long a round's team ranking is reused at most; from half of it, the next is computed while it is still served (0: never reused)",
    '`5000`',
  ),
  COUNTS_CACHE_MS: documented(
    z.coerce.number().int().min(0).max(60_000).default(1000),
    'how long the header counts are reused per server before they are counted again (a certification on this server drops them at once; 0: never reused)',
    '`1000`',
  ),
  FORBIDDEN_WORDS_CACHE_MS: documented(
    z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    "how long the forbidden-word list is reused per server before it is read again (the console's change drops it at once on its server; 0: never reused)",
    '`60000`',
  ),
  UPLOADS_PER_HOUR: documented(
    z.coerce.number().int().min(1).default(40),
    'photos one person may upload per hour',
    '`40`',
  ),
  PENDING_UPLOADS_MAX: documented(
    z.coerce.number().int().min(1).default(20),
    'photos one person may hold uploaded but not yet in a certification',
    '`20`',
  ),
  COMPANY_NAME: documented(z.string().default('(주)함께미션'), 'footer: company name', '`(주)함께미션`'),
  COMPANY_CEO: documented(z.string().default('홍길동'), 'footer: representative', '`홍길동`'),
  COMPANY_BUSINESS_NUMBER: documented(
    z.string().default('123-45-67890'),
    'footer: business registration number',
    '`123-45-67890`',
  ),
  COMPANY_ADDRESS: documented(
    z.string().default('서울특별시 강남구 테헤란로 123, 4층'),
    'footer: address',
    '`서울특별시 강남구 테헤란로 123, 4층`',
  ),
  CS_PHONE: documented(z.string().default('1588-0000'), 'footer: customer-service phone', '`1588-0000`'),
  INQUIRY_EMAIL: documented(
    z.string().email().default('help@hamkke-mission.kr'),
    'footer: inquiry e-mail',
    '`help@hamkke-mission.kr`',
  ),
  KAKAO_JS_KEY: documented(
    z.string().min(1).optional(),
    'Kakao JavaScript key for sharing (unset: Web Share API or copy link)',
  ),
  WELCOME_URL: documented(
    z.string().default('/welcome.html'),
    'the static page `/welcome` leaves to',
    '`/welcome.html`',
  ),
  KAKAO_REST_API_KEY: documented(
    z.string().min(1).optional(),
    'Kakao REST API key (unset: the local Kakao emulator under `/_emulator/kakao`, which production refuses without `KAKAO_EMULATOR_IN_PRODUCTION`)',
  ),
  KAKAO_CLIENT_SECRET: documented(z.string().min(1).optional(), 'Kakao client secret, when the app has one'),
  KAKAO_REDIRECT_URI: documented(
    z.string().url().optional(),
    'registered redirect URI (unset: `<origin of the request>/login/callback`)',
  ),
  KAKAO_EMULATOR_IN_PRODUCTION: documented(
    booleanFlag.default(false),
    'let a keyless production build run the emulator (offline demos only)',
    '`false`',
  ),
  LOGIN_KEY_SEED_KEY: documented(
    z
      .string()
      .regex(/^[0-9a-fA-F]{32}$/)
      .default(DEMO_LOGIN_KEY_SEED_KEY),
    "SEED-CBC key (32 hex digits) for the spec's `loginKey`; production refuses the demo key",
    'a fixed demo key',
  ),
  LOGIN_KEY_SEED_IV: documented(
    z
      .string()
      .regex(/^[0-9a-fA-F]{32}$/)
      .default(DEMO_LOGIN_KEY_SEED_IV),
    "SEED-CBC IV (32 hex digits) for the spec's `loginKey`; production refuses the demo IV",
    'a fixed demo IV',
  ),
  DEVICE_COOKIE_SECRET: documented(
    z.string().min(32, 'at least 32 characters').max(256).optional(),
    "signs the device cookie a browser gets when a child or their parent signs in, so a stranger's failures never lock that child out on it (decision 033); required in production",
    'a fixed development secret',
  ),
  COOKIE_SECURE: documented(booleanFlag.optional(), 'cookies with the Secure flag', '`true` in production'),
  SHUTDOWN_DRAIN_MS: documented(
    z.coerce.number().int().min(0).max(300_000).optional(),
    'at SIGTERM, how long the server keeps serving while `/v1/health/ready` answers 503 before it stops accepting connections (decision 043): longer than the balancer needs to notice, and than its idle keep-alive to the server (`deploy/nginx.conf`: 4 s)',
    '`10000` in production, `0` elsewhere',
  ),
  METRICS_TOKEN: documented(
    z.string().min(32, 'at least 32 characters').max(256).optional(),
    'Prometheus scrapes `GET /metrics` on the public port with `Authorization: Bearer <this>` (anyone else gets 404); production needs this or `METRICS_PORT` (decision 042)',
  ),
  METRICS_PORT: documented(
    z.coerce.number().int().min(1).max(65535).optional(),
    'serve `GET /metrics` on this port too, without a token, on `METRICS_HOST` (keep it off the public network)',
  ),
  METRICS_HOST: documented(
    z.string().default('127.0.0.1'),
    'address the `METRICS_PORT` listener binds',
    '`127.0.0.1`',
  ),
  VAPID_PUBLIC_KEY: documented(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'a P-256 public key, base64url (87 characters)')
      .optional(),
    'Web Push VAPID public key (`npx web-push generate-vapid-keys`); required in production (elsewhere a pair is made once and kept in `data/vapid-development.json`)',
    'a kept development pair',
  ),
  VAPID_PRIVATE_KEY: documented(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key, base64url (43 characters)')
      .optional(),
    'Web Push VAPID private key; required in production',
    'a kept development pair',
  ),
  VAPID_SUBJECT: documented(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'mailto: or https:')
      .optional(),
    'who the push services may contact about our pushes (`mailto:` or `https:`)',
    '`mailto:` and `INQUIRY_EMAIL`',
  ),
  EXPORTS_QUOTA_MB: documented(
    z.coerce.number().int().min(1).max(10_000_000).default(5120),
    'storage all kept family exports may take at once; past it a new export waits (503) until old ones end (issue 46)',
    '`5120`',
  ),
  PUSH_SERVICE_HOSTS: documented(
    z
      .string()
      .regex(
        /^(\*\.)?[a-z0-9.-]+(,\s*(\*\.)?[a-z0-9.-]+)*$/,
        'host names, comma-separated (`*.` for subdomains)',
      )
      .optional(),
    'the push services a browser subscription may name (https, port 443; `*.` allows subdomains); a subscription elsewhere is refused and an old one is dropped (decision 067)',
    '`fcm.googleapis.com`, `android.googleapis.com`, `updates.push.services.mozilla.com`, `web.push.apple.com`, `*.push.apple.com`, `*.notify.windows.com`',
  ),
  PUSH_TIMEOUT_MS: documented(
    z.coerce.number().int().min(100).max(60_000).default(5000),
    "longest wait for one push service's answer (a slow one gives its place to the next after 250 ms)",
    '`5000`',
  ),
  PUSH_ALLOW_LOOPBACK: documented(
    booleanFlag.default(false),
    'tests only: pushes may go to a push service on this machine (loopback, any port); refused in production',
    '`false`',
  ),
  CLOCK_START: documented(
    z.iso.datetime({ offset: true }).optional(),
    "tests and demos only: the server's clock starts at this instant (ISO 8601) and runs on from it, e.g. just before Seoul's midnight; refused in production",
  ),
});

/**
 * The browsers' push services (config `PUSH_SERVICE_HOSTS`): Chrome and Edge's FCM, Firefox's
 * autopush, Safari's, and Windows' notification hosts. `*.` allows the subdomains of a name.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/** The README's configuration table, one row per variable of {@link envSchema}. */
export function configurationTable(): string {
  const rows = Object.entries(envSchema.shape).map(([name, schema]) => {
    const meta = z.globalRegistry.get(schema) as { description?: string; shownDefault?: string } | undefined;
    return [`\`${name}\``, meta?.shownDefault ?? 'unset', meta?.description ?? ''];
  });
  const header = ['Variable', 'Default', 'Meaning'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => displayWidth(row[column]!))),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell + ' '.repeat(widths[column]! - displayWidth(cell))).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}

/** Prettier pads Markdown tables by display width: Hangul counts two columns. */
function displayWidth(text: string): number {
  let width = 0;
  for (const char of text)
    width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/u.test(char) ? 2 : 1;
  return width;
}

/** Names proxy-addr (Fastify's `trustProxy`) knows for whole ranges. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY` as Fastify's `trustProxy`: off, a hop count, or the proxy's addresses. `true`
 * (believe every hop) is refused: anyone could then name their own address and dodge per-address
 * limits.
 */
export function parseTrustProxy(value: string, context: z.RefinementCtx): TrustProxy {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    // As Fastify reads a hop count: the socket's peer is hop 0, the address it forwarded for hop 1…
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message:
        text === 'true'
          ? 'name the proxy: a hop count (1) or its addresses; `true` would believe any X-Forwarded-For'
          : `not an address, CIDR or hop count: ${bad.join(', ')}`,
    });
    return z.NEVER;
  }
  return entries;
}

/** What Fastify's `trustProxy` is given: off, the first hops (a hop count), or addresses and CIDRs. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/** `statementTimeoutMs`: PostgreSQL's `statement_timeout`, SQLite's `busy_timeout` (decision 044). */
export type DatabaseTarget = (
  { kind: 'sqlite'; filename: string } | { kind: 'postgres'; connectionString: string }
) & { statementTimeoutMs?: number };

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  database: DatabaseTarget;
  seedDemoData: boolean;
  /** `npm run db:seed` may reseed a production database. */
  allowProductionSeed: boolean;
  webDistDir: string;
  uploadDir: string;
  /** Photos in an S3-compatible bucket; null: local disk (`uploadDir`). */
  s3: {
    bucket: string;
    endpoint: string | null;
    region: string;
    accessKeyId: string | null;
    secretAccessKey: string | null;
    forcePathStyle: boolean;
    /** Each S3 call's connect and answer time-out (decision 044). */
    timeoutMs: number;
  } | null;
  trustProxy: TrustProxy;
  /** `https://host[:port]`; a `www.` request is redirected here. null: no redirect. */
  publicOrigin: string | null;
  apiDocs: boolean;
  /** Redis for the limit counters; null: this process's memory. */
  redisUrl: string | null;
  redisKeyPrefix: string;
  uploadLimits: { perHour: number; pending: number };
  rankingCacheMs: number;
  countsCacheMs: number;
  forbiddenWordsCacheMs: number;
  company: {
    name: string;
    ceo: string;
    businessNumber: string;
    address: string;
    customerServicePhone: string;
    inquiryEmail: string;
  };
  kakaoJsKey: string | null;
  welcomeUrl: string;
  kakao: {
    restApiKey: string | null;
    clientSecret: string | null;
    redirectUri: string | null;
    emulatorInProduction: boolean;
  };
  loginKey: { key: string; iv: string };
  /** HMAC key of the login device cookie (decision 033). */
  deviceCookieSecret: string;
  cookieSecure: boolean;
  /** The instant the server's clock starts at (tests and demos); null: the machine's clock. */
  clockStart: Date | null;
  /** At SIGTERM: draining (not ready, still serving) this long before connections are refused. */
  shutdownDrainMs: number;
  /** `GET /metrics` on the public port for this bearer token; on `port` (private) without one. */
  metrics: { token: string | null; port: number | null; host: string };
  /** Web Push keys (decision 047); null: none configured (main.ts makes a development pair). */
  vapid: VapidKeys | null;
  vapidSubject: string;
  /** Bytes all kept family exports may take at once. */
  exportsQuotaBytes: number;
  /** Where and how long pushes are sent (decision 067). */
  push: { hosts: string[]; allowLoopback: boolean; timeoutMs: number };
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', connectionString: url };
  const filename = url.startsWith('file:') ? url.slice('file:'.length) : url;
  return { kind: 'sqlite', filename: filename === ':memory:' ? filename : path.resolve(filename) };
}

/** Public, so anyone could sign device cookies with it: refused in production. */
export const DEV_DEVICE_COOKIE_SECRET = 'hamkke-development-device-cookie-secret';

export class ConfigError extends Error {}

/**
 * What production refuses to start with (issue 26 item 6): a demo secret or a default meant for
 * local use, one line each naming the variable. Empty outside production.
 */
export function productionRefusals(e: z.output<typeof envSchema>): string[] {
  if (e.NODE_ENV !== 'production') return [];
  const refused: string[] = [];
  if (e.LOGIN_KEY_SEED_KEY.toLowerCase() === DEMO_LOGIN_KEY_SEED_KEY)
    refused.push('LOGIN_KEY_SEED_KEY: the public demo key; set your own 32 hex digits in production');
  if (e.LOGIN_KEY_SEED_IV.toLowerCase() === DEMO_LOGIN_KEY_SEED_IV)
    refused.push('LOGIN_KEY_SEED_IV: the public demo IV; set your own 32 hex digits in production');
  if (!e.KAKAO_REST_API_KEY && !e.KAKAO_EMULATOR_IN_PRODUCTION)
    refused.push(
      'KAKAO_REST_API_KEY: required in production (the Kakao emulator runs there only with KAKAO_EMULATOR_IN_PRODUCTION=true)',
    );
  if (!e.PUBLIC_ORIGIN)
    refused.push(
      'PUBLIC_ORIGIN: required in production (share cards name it in their links, and www. requests are sent to it)',
    );
  if (e.CLOCK_START) refused.push('CLOCK_START: not in production (tests and demos only)');
  if (e.PUSH_ALLOW_LOOPBACK) refused.push('PUSH_ALLOW_LOOPBACK: not in production (tests only)');
  if (!e.DEVICE_COOKIE_SECRET || e.DEVICE_COOKIE_SECRET === DEV_DEVICE_COOKIE_SECRET)
    refused.push(
      'DEVICE_COOKIE_SECRET: required in production (a random secret of 32 characters or more, not the development one)',
    );
  if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY)
    refused.push(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required in production (the Web Push keys; `npx web-push generate-vapid-keys`)',
    );
  if (!e.METRICS_TOKEN && e.METRICS_PORT === undefined)
    refused.push(
      'METRICS_TOKEN: required in production unless METRICS_PORT is set (the metrics are served only to a bearer of the token or on the private port)',
    );
  return refused;
}

/** Reads and validates the environment; throws a readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const refused = productionRefusals(e);
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
    refused.push('METRICS_PORT: must differ from PORT (the metrics port is the private one)');
  if (refused.length > 0)
    throw new ConfigError(`Invalid configuration:\n${refused.map((line) => `  ${line}`).join('\n')}`);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    database: { ...parseDatabaseUrl(e.DATABASE_URL), statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    seedDemoData: e.SEED_DEMO_DATA ?? e.NODE_ENV !== 'production',
    allowProductionSeed: e.ALLOW_PRODUCTION_SEED,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    uploadDir: path.resolve(e.UPLOAD_DIR),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT ?? null,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          timeoutMs: e.S3_TIMEOUT_MS,
        }
      : null,
    trustProxy: e.TRUST_PROXY,
    publicOrigin: e.PUBLIC_ORIGIN ?? null,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    uploadLimits: { perHour: e.UPLOADS_PER_HOUR, pending: e.PENDING_UPLOADS_MAX },
    rankingCacheMs: e.RANKING_CACHE_MS,
    countsCacheMs: e.COUNTS_CACHE_MS,
    forbiddenWordsCacheMs: e.FORBIDDEN_WORDS_CACHE_MS,
    company: {
      name: e.COMPANY_NAME,
      ceo: e.COMPANY_CEO,
      businessNumber: e.COMPANY_BUSINESS_NUMBER,
      address: e.COMPANY_ADDRESS,
      customerServicePhone: e.CS_PHONE,
      inquiryEmail: e.INQUIRY_EMAIL,
    },
    kakaoJsKey: e.KAKAO_JS_KEY ?? null,
    welcomeUrl: e.WELCOME_URL,
    kakao: {
      restApiKey: e.KAKAO_REST_API_KEY ?? null,
      clientSecret: e.KAKAO_CLIENT_SECRET ?? null,
      redirectUri: e.KAKAO_REDIRECT_URI ?? null,
      emulatorInProduction: e.KAKAO_EMULATOR_IN_PRODUCTION,
    },
    loginKey: { key: e.LOGIN_KEY_SEED_KEY, iv: e.LOGIN_KEY_SEED_IV },
    deviceCookieSecret: e.DEVICE_COOKIE_SECRET ?? DEV_DEVICE_COOKIE_SECRET,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    clockStart: e.CLOCK_START ? new Date(e.CLOCK_START) : null,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 10_000 : 0),
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null, host: e.METRICS_HOST },
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.INQUIRY_EMAIL}`,
    exportsQuotaBytes: e.EXPORTS_QUOTA_MB * 1024 * 1024,
    push: {
      hosts: e.PUSH_SERVICE_HOSTS
        ? e.PUSH_SERVICE_HOSTS.split(',').map((host) => host.trim())
        : [...DEFAULT_PUSH_SERVICE_HOSTS],
      allowLoopback: e.PUSH_ALLOW_LOOPBACK,
      timeoutMs: e.PUSH_TIMEOUT_MS,
    },
  };
}
