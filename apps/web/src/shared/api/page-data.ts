import { scriptSafeJson } from '@hamkke/contract/wire';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Answers a page was drawn with on the server (src/prerender/draw-page.tsx), carried in its shell
 * beside the drawn markup: a data block, which the page's CSP does not run, read into the query
 * cache before the app's first render, so that render draws the same page without asking again.
 */
export const PAGE_DATA_ID = 'page-data';

export type PageData = ReadonlyArray<readonly [QueryKey, unknown]>;

/** The data block for a page's answers, safe inside the HTML (nothing in it can close the element). */
export function pageDataScript(entries: PageData): string {
  return `<script type="application/json" id="${PAGE_DATA_ID}">${scriptSafeJson(entries)}</script>`;
}

/**
 * Puts the shell's answers in the query cache (as fetched now: fresh for the cache's stale time)
 * and removes the block. A block that is not a list of [key, answer] pairs is ignored: the page
 * then asks the server as it would without it.
 */
export function seedFromPage(client: QueryClient, doc: Pick<Document, 'getElementById'> = document): void {
  const element = doc.getElementById(PAGE_DATA_ID);
  if (!element) return;
  element.remove();
  let entries: unknown;
  try {
    entries = JSON.parse(element.textContent ?? '');
  } catch {
    return;
  }
  if (!Array.isArray(entries)) return;
  for (const entry of entries) {
    if (Array.isArray(entry) && entry.length === 2 && Array.isArray(entry[0])) {
      client.setQueryData(entry[0] as QueryKey, entry[1]);
    }
  }
}
