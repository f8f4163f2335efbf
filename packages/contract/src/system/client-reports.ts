import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/**
 * What the web app reports about itself (issue 28 item 3, decision 042): its own errors and sampled
 * Web Vitals, with no personal data. A page is named by its route pattern (`/team/:teamId`), never
 * by its address: no ids, no query string.
 */
export const CLIENT_ROUTE_PATTERN = /^\/[A-Za-z0-9/:_*-]{0,99}$/;
export const clientRouteSchema = z.string().max(100).regex(CLIENT_ROUTE_PATTERN);

export const clientErrorKinds = ['error', 'unhandledrejection', 'boundary'] as const;
export const webVitalNames = ['LCP', 'FCP', 'INP', 'TTFB', 'CLS'] as const;

export const clientErrorReportSchema = z.strictObject({
  type: z.literal('error'),
  kind: z.enum(clientErrorKinds),
  route: clientRouteSchema,
  /** The error's name and message, shortened; the web drops numbers and e-mail addresses first. */
  message: z.string().max(300),
  /** The API call's request id when the error is a failed call (to find its log line). */
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9._-]{8,64}$/)
    .optional(),
});

export const webVitalReportSchema = z.strictObject({
  type: z.literal('vital'),
  name: z.enum(webVitalNames),
  /** Milliseconds (CLS: the unitless score). */
  value: z.number().min(0).max(600_000),
  route: clientRouteSchema,
});

export const clientReportSchema = z.discriminatedUnion('type', [
  clientErrorReportSchema,
  webVitalReportSchema,
]);
export type ClientReport = z.infer<typeof clientReportSchema>;

/** Reports one page sends in one call; the web batches them. */
export const MAX_REPORTS_PER_CALL = 10;
/** Bytes one call may carry (the server refuses more with 413). */
export const CLIENT_REPORTS_BODY_LIMIT = 8 * 1024;

export const clientReportsEndpoint = defineEndpoint({
  path: 'system/client-reports',
  auth: 'public',
  summary: '웹 앱의 오류와 Web Vitals 보고 (표본, 개인정보 없음)',
  request: z.strictObject({
    reports: z.array(clientReportSchema).min(1).max(MAX_REPORTS_PER_CALL),
  }),
  response: z.object({ received: z.number().int().min(0) }),
});
