import { describe, expect, it } from 'vitest';
import { routePatternOf, scrubbedMessage } from './route-pattern.ts';

describe('what the web reports about a page carries no personal data', () => {
  it('names the page by its pattern: no ids, days, tokens or query strings', () => {
    expect(routePatternOf('/home')).toBe('/home');
    expect(routePatternOf('/')).toBe('/');
    expect(routePatternOf('/team/12/members?tab=1#top')).toBe('/team/:n/members');
    expect(routePatternOf('/mission/shared/3f2b9c1e-0000-4000-8000-000000000000/2026-11-20')).toBe(
      '/mission/shared/:id/:day',
    );
    expect(routePatternOf('/team/invite/AbC_dEf123')).toBe('/team/invite/:id');
    expect(routePatternOf(`/${'a'.repeat(20)}/`.repeat(10)).length).toBeLessThanOrEqual(100);
  });

  it('takes e-mail addresses, query strings and digit runs out of messages, and shortens them', () => {
    expect(scrubbedMessage('hong@example.com failed at /team/123?token=abc')).toBe(
      '<email> failed at /team/#?…',
    );
    expect(scrubbedMessage('x'.repeat(400))).toHaveLength(300);
  });
});
