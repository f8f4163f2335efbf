import { APP_CONFIG_GLOBAL, appConfigSchema, type AppConfig } from '@hamkke/contract/system/app-config';
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
  const parsed = appConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    return {
      source: 'fallback',
      config: fallbackAppConfig,
      reason: `window.${APP_CONFIG_GLOBAL} is invalid (${problems.join('; ')})`,
    };
  }
  return { source: 'server', config: parsed.data };
}

function loadAppConfig(): AppConfig {
  // Outside a browser (unit tests) there is nothing to read and nothing worth warning about.
  if (typeof window === 'undefined') return fallbackAppConfig;
  const reading = readAppConfig(window[APP_CONFIG_GLOBAL]);
  if (reading.source === 'fallback') console.warn(`[config] ${reading.reason}; using defaults.`);
  return reading.config;
}

export const appConfig: AppConfig = loadAppConfig();
