import type { ClientReport } from '@hamkke/contract/system/client-reports';
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { ApiError } from '../api/api-error.ts';
import { sendClientReports } from '../api/client-reports.ts';
import { BOUNDARY_ERROR_EVENT } from '../api/last-failure.ts';
import { routePatternOf, scrubbedMessage } from './route-pattern.ts';

/**
 * The web app's reports of its own errors and Web Vitals to `system/client-reports` (issue 28 item 3,
 * decision 042). Loaded after the first paint (main.tsx), so it costs the first load nothing. Vitals
 * are sampled (one page load in ten); errors are all reported, but at most {@link MAX_REPORTS_PER_PAGE}
 * per page load, batched, the same message once. A page is named by its route pattern only.
 */
export const VITALS_SAMPLE_RATE = 0.1;
export const MAX_REPORTS_PER_PAGE = 20;
const SEND_DELAY_MS = 2000;

let installed = false;
let sentCount = 0;
const pending: ClientReport[] = [];
const seenMessages = new Set<string>();
let timer: number | undefined;

function flush(): void {
  timer = undefined;
  const reports = pending.splice(0, 10);
  if (reports.length === 0) return;
  // Not through callApi: a report that fails is dropped (shared/api/client-reports.ts says why).
  sendClientReports(reports);
  if (pending.length > 0) schedule();
}

function schedule(): void {
  if (timer === undefined) timer = window.setTimeout(flush, SEND_DELAY_MS);
}

function queue(report: ClientReport): void {
  if (sentCount >= MAX_REPORTS_PER_PAGE) return;
  sentCount += 1;
  pending.push(report);
  schedule();
}

/** Reports an error (a window error, an unhandled rejection or a screen the error boundary caught). */
export function reportClientError(kind: 'error' | 'unhandledrejection' | 'boundary', error: unknown): void {
  const text =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : 'unknown';
  const message = scrubbedMessage(text);
  if (seenMessages.has(`${kind}:${message}`)) return;
  seenMessages.add(`${kind}:${message}`);
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  queue({
    type: 'error',
    kind,
    route: routePatternOf(window.location.pathname),
    message,
    ...(requestId ? { requestId } : {}),
  });
}

function reportVital(metric: Metric): void {
  queue({
    type: 'vital',
    name: metric.name,
    value: Math.max(0, Math.min(600_000, metric.value)),
    route: routePatternOf(window.location.pathname),
  });
}

/** Listens for errors, and (on a sampled page load) measures the Web Vitals; once per page load. */
export function installClientReporter(random: () => number = Math.random): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => reportClientError('error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) =>
    reportClientError('unhandledrejection', event.reason),
  );
  window.addEventListener(BOUNDARY_ERROR_EVENT, (event) =>
    reportClientError('boundary', (event as CustomEvent<unknown>).detail),
  );
  // What is still waiting goes out when the page is hidden (a person leaving).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  if (random() < VITALS_SAMPLE_RATE) {
    onLCP(reportVital);
    onFCP(reportVital);
    onINP(reportVital);
    onCLS(reportVital);
    onTTFB(reportVital);
  }
}
