import { APP_CONFIG_GLOBAL } from '@hamkke/contract/route';
import type { AppConfig } from '@hamkke/contract/system/app-config';
import { isRecord } from '@hamkke/contract/wire';
import { messages } from './messages.ts';

/**
 * Runtime configuration, read once from `window.__APP_CONFIG__`, which the server inlines into
 * index.html in place of the `<!--app-config-->` comment. The Vite dev server has no such script,
 * so the app falls back to the same defaults the server uses.
 */

declare global {
  interface Window {
    [APP_CONFIG_GLOBAL]?: unknown;
  }
}

export const fallbackAppConfig: AppConfig = {
  company: {
    name: messages.configFallback.companyName,
    ceo: messages.configFallback.ceo,
    businessNumber: '123-45-67890',
    address: messages.configFallback.address,
    customerServicePhone: '1588-0000',
    inquiryEmail: 'help@hamkke-mission.kr',
  },
  kakaoJsKey: null,
  welcomeUrl: '/welcome.html',
};

export type AppConfigReading =
  { source: 'server'; config: AppConfig } | { source: 'fallback'; config: AppConfig; reason: string };

/** Validates the inlined value; anything missing or malformed yields the fallback and the reason. */
export function readAppConfig(raw: unknown): AppConfigReading {
  if (raw === undefined || raw === null) {
    return {
      source: 'fallback',
      config: fallbackAppConfig,
      reason: `window.${APP_CONFIG_GLOBAL} is missing`,
    };
  }
  const problems = appConfigProblems(raw);
  if (problems.length > 0) {
    return {
      source: 'fallback',
      config: fallbackAppConfig,
      reason: `window.${APP_CONFIG_GLOBAL} is invalid (${problems.join('; ')})`,
    };
  }
  const { company, kakaoJsKey, welcomeUrl } = raw as AppConfig;
  const { name, ceo, businessNumber, address, customerServicePhone, inquiryEmail } = company;
  return {
    source: 'server',
    config: {
      company: { name, ceo, businessNumber, address, customerServicePhone, inquiryEmail },
      kakaoJsKey,
      welcomeUrl,
    },
  };
}

const COMPANY_FIELDS = [
  'name',
  'ceo',
  'businessNumber',
  'address',
  'customerServicePhone',
  'inquiryEmail',
] as const satisfies ReadonlyArray<keyof AppConfig['company']>;

/**
 * What is wrong with the inlined value, field by field, against the contract's `appConfigSchema`
 * (checked by hand: the first load carries no zod; config.test.ts holds the two side by side).
 */
function appConfigProblems(raw: unknown): string[] {
  if (!isRecord(raw)) return ['(root): expected an object'];
  const problems: string[] = [];
  if (!isRecord(raw.company)) problems.push('company: expected an object');
  else {
    const company = raw.company;
    for (const field of COMPANY_FIELDS) {
      if (typeof company[field] !== 'string') problems.push(`company.${field}: expected a string`);
    }
  }
  if (raw.kakaoJsKey !== null && typeof raw.kakaoJsKey !== 'string') {
    problems.push('kakaoJsKey: expected a string or null');
  }
  if (typeof raw.welcomeUrl !== 'string') problems.push('welcomeUrl: expected a string');
  return problems;
}

function loadAppConfig(): AppConfig {
  // Outside a browser (unit tests) there is nothing to read and nothing worth warning about.
  if (typeof window === 'undefined') return fallbackAppConfig;
  const reading = readAppConfig(window[APP_CONFIG_GLOBAL]);
  if (reading.source === 'fallback') console.warn(`[config] ${reading.reason}; using defaults.`);
  return reading.config;
}

export const appConfig: AppConfig = loadAppConfig();
