import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads, validated in one place. The README lists them. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `file:<path>` (or a bare path) for SQLite; `postgres://…` switches to PostgreSQL. */
  DATABASE_URL: z
    .string()
    .min(1)
    .default(`file:${path.join(repoRoot, 'data', 'hamkke.sqlite')}`),
  /** Seeds Korean demo data into an empty database. Off in production unless asked for. */
  SEED_DEMO_DATA: booleanFlag.optional(),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps', 'web', 'dist')),
  /** Local photo storage (until an S3-compatible store is configured). */
  UPLOAD_DIR: z.string().default(path.join(repoRoot, 'data', 'uploads')),
  TRUST_PROXY: booleanFlag.default(false),
  COMPANY_NAME: z.string().default('(주)함께미션'),
  COMPANY_CEO: z.string().default('홍길동'),
  COMPANY_BUSINESS_NUMBER: z.string().default('123-45-67890'),
  COMPANY_ADDRESS: z.string().default('서울특별시 강남구 테헤란로 123, 4층'),
  CS_PHONE: z.string().default('1588-0000'),
  INQUIRY_EMAIL: z.string().email().default('help@hamkke-mission.kr'),
  KAKAO_JS_KEY: z.string().min(1).optional(),
  WELCOME_URL: z.string().default('/welcome.html'),
  /** Kakao REST API key; unset → the local Kakao emulator under /_emulator/kakao. */
  KAKAO_REST_API_KEY: z.string().min(1).optional(),
  KAKAO_CLIENT_SECRET: z.string().min(1).optional(),
  /** Registered redirect URI; unset → `<origin of the request>/login/callback`. */
  KAKAO_REDIRECT_URI: z.string().url().optional(),
  /** Lets a keyless production build run the emulator (offline demos only). */
  KAKAO_EMULATOR_IN_PRODUCTION: booleanFlag.default(false),
  /** SEED-CBC key and IV (32 hex digits each) for the spec's loginKey. */
  LOGIN_KEY_SEED_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{32}$/)
    .default('68616d6b6b652d6d697373696f6e2121'),
  LOGIN_KEY_SEED_IV: z
    .string()
    .regex(/^[0-9a-fA-F]{32}$/)
    .default('000102030405060708090a0b0c0d0e0f'),
  /** Cookies with the Secure flag; on by default in production. */
  COOKIE_SECURE: booleanFlag.optional(),
});

export type DatabaseTarget =
  { kind: 'sqlite'; filename: string } | { kind: 'postgres'; connectionString: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  database: DatabaseTarget;
  seedDemoData: boolean;
  webDistDir: string;
  uploadDir: string;
  trustProxy: boolean;
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
  cookieSecure: boolean;
}

export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', connectionString: url };
  const filename = url.startsWith('file:') ? url.slice('file:'.length) : url;
  return { kind: 'sqlite', filename: filename === ':memory:' ? filename : path.resolve(filename) };
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    database: parseDatabaseUrl(e.DATABASE_URL),
    seedDemoData: e.SEED_DEMO_DATA ?? e.NODE_ENV !== 'production',
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    uploadDir: path.resolve(e.UPLOAD_DIR),
    trustProxy: e.TRUST_PROXY,
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
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
  };
}
