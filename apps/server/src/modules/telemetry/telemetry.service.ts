import type { ClientReport } from '@hamkke/contract/system/client-reports';
import type { AppMetrics } from '../../lib/metrics.ts';
import { createRateLimiter, type CounterStore } from '../../lib/rate-limiter.ts';

/** Report calls one address may make per minute (a page sends one batch now and then). */
export const CLIENT_REPORT_CALLS_PER_MINUTE = 20;

/**
 * A browser's text as the log may show it (issue 46): control characters — ESC's terminal colours and
 * cursor moves, CR/LF that would forge a line, NUL, C1, the Unicode line separators — written out as
 * `\u001b`-style text, so whoever reads the log on a terminal sees what was sent, not what it does.
 */
export function visibleText(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export interface ReportLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * The web app's reports of its own errors and Web Vitals: limited per address, written to the log
 * (with the request's id) and counted in the metrics (`web_client_errors_total`, `web_vitals_*`).
 */
export function createClientReportsService(deps: { counters: CounterStore; metrics: AppMetrics }) {
  const limiter = createRateLimiter(deps.counters, {
    name: 'client-reports',
    limit: CLIENT_REPORT_CALLS_PER_MINUTE,
    windowMs: 60_000,
  });
  return {
    async receive(address: string, reports: readonly ClientReport[], log: ReportLogger): Promise<number> {
      await limiter.consume(address);
      for (const report of reports) {
        if (report.type === 'error') {
          deps.metrics.clientError(report.route, report.kind);
          log.warn(
            {
              clientError: {
                kind: report.kind,
                route: visibleText(report.route),
                message: visibleText(report.message),
                ...(report.requestId ? { requestId: visibleText(report.requestId) } : {}),
              },
            },
            'web client error',
          );
        } else {
          deps.metrics.webVital(report.name, report.route, report.value);
        }
      }
      const vitals = reports.filter((report) => report.type === 'vital');
      if (vitals.length > 0)
        log.info(
          { webVitals: vitals.map(({ name, value, route }) => ({ name, value, route })) },
          'web vitals',
        );
      return reports.length;
    },
  };
}
export type ClientReportsService = ReturnType<typeof createClientReportsService>;
