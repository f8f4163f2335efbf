import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { BOUNDARY_ERROR_EVENT } from '../api/last-failure.ts';

const fetchMock = vi.fn(async () => new Response('{}'));
const page = new EventTarget();

/** What the reporter sent, call by call. */
const sent = () =>
  fetchMock.mock.calls.map((call) => {
    const [url, init] = call as unknown as [string, RequestInit];
    return {
      url,
      reports: (JSON.parse(init.body as string) as { reports: Array<Record<string, unknown>> }).reports,
    };
  });

describe('the client reporter (decision 042)', () => {
  beforeAll(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal(
      'window',
      Object.assign(page, {
        location: { pathname: '/team/12/members' },
        setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
      }),
    );
    vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  });
  afterAll(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('batches errors (window, boundary) by route pattern, each message once, and at most 20 a page', async () => {
    const { installClientReporter, MAX_REPORTS_PER_PAGE } = await import('./client-reporter.ts');
    // No Web Vitals on this page load (not sampled).
    installClientReporter(() => 0.99);
    const failed = new ApiError('INTERNAL_ERROR', 500, 'boom', 'abcdef0123456789');
    page.dispatchEvent(new CustomEvent(BOUNDARY_ERROR_EVENT, { detail: failed }));
    for (let time = 0; time < 2; time += 1)
      page.dispatchEvent(
        Object.assign(new Event('error'), { error: new TypeError('x of user 4821 is undefined') }),
      );
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent()).toEqual([
      {
        url: '/v1/api/front/system/client-reports',
        reports: [
          {
            type: 'error',
            kind: 'boundary',
            route: '/team/:n/members',
            message: 'ApiError: boom',
            requestId: 'abcdef0123456789',
          },
          {
            type: 'error',
            kind: 'error',
            route: '/team/:n/members',
            message: 'TypeError: x of user # is undefined',
          },
        ],
      },
    ]);

    for (let index = 0; index < 30; index += 1)
      page.dispatchEvent(
        Object.assign(new Event('error'), { error: new Error(`error ${'ab'.repeat(index)}`) }),
      );
    await vi.advanceTimersByTimeAsync(10_000);
    const all = sent().flatMap((call) => call.reports);
    expect(all).toHaveLength(MAX_REPORTS_PER_PAGE);
    expect(sent().every((call) => call.reports.length <= 10)).toBe(true);
  });
});
