import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ID, pageDataScript, seedFromPage } from './page-data.ts';

/** The shell's data block as the browser's parser would give it: its text, and its removal. */
function shellWith(script: string | null) {
  const removed: string[] = [];
  const match = script && /^<script type="application\/json" id="([^"]+)">(.*)<\/script>$/s.exec(script);
  const element = match
    ? { textContent: match[2]!, remove: () => removed.push(match[1]!) }
    : script === null
      ? null
      : { textContent: script, remove: () => removed.push(PAGE_DATA_ID) };
  return {
    doc: { getElementById: (id: string) => (id === PAGE_DATA_ID ? element : null) } as Pick<
      Document,
      'getElementById'
    >,
    removed,
  };
}

describe('page data', () => {
  it('carries answers the markup cannot be broken by, and puts them in the cache before the first render', () => {
    const answer = { alias: '</script><script>alert(1)</script>', note: 'a\u2028b' };
    const script = pageDataScript([[['mission', 'shared', 'u', '2026-11-20', null], answer]]);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain('\u2028');
    const { doc, removed } = shellWith(script);
    const client = new QueryClient();
    seedFromPage(client, doc);
    expect(client.getQueryData(['mission', 'shared', 'u', '2026-11-20', null])).toEqual(answer);
    // Fetched now as far as the cache knows: fresh for its stale time, so the page does not ask again.
    const state = client.getQueryState(['mission', 'shared', 'u', '2026-11-20', null]);
    expect(Date.now() - (state?.dataUpdatedAt ?? 0)).toBeLessThan(1_000);
    expect(removed).toEqual([PAGE_DATA_ID]);
  });

  it('ignores a block that is not a list of [key, answer] pairs, and a shell without one', () => {
    for (const text of ['{', '{"a":1}', '[["not-a-key", 1], [1]]']) {
      const client = new QueryClient();
      seedFromPage(client, shellWith(text).doc);
      expect(client.getQueryCache().getAll(), text).toEqual([]);
    }
    const client = new QueryClient();
    seedFromPage(client, shellWith(null).doc);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
