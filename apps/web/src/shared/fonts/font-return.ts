/**
 * A return visit's fonts (decision 061): when a note says which Pretendard subsets the last visit
 * used (font-note.ts), they are taken from the browser's cache before the first render. This module
 * is in the entry; the font faces' code is fetched only when there is a note.
 */
import { subsetsUsed } from './font-note.ts';

/** The longest the first render waits for the noted subsets (the cache answers in a few ms). */
export const FONTS_BEFORE_RENDER_WAIT_MS = 150;
/**
 * Before the first render: on a return visit, Pretendard's faces with the noted subsets loaded, or,
 * after {@link FONTS_BEFORE_RENDER_WAIT_MS}, nothing (the page draws in the system font and swaps
 * later, as on a first visit). Never rejects.
 */
export function fontsBeforeRender(): Promise<void> {
  const indexes = subsetsUsed();
  if (!indexes) return Promise.resolve();
  const added = import('./pretendard.ts')
    .then(({ addPretendardBeforeRender }) => addPretendardBeforeRender(indexes))
    .catch(() => undefined);
  return Promise.race([
    added,
    new Promise<void>((resolve) => setTimeout(resolve, FONTS_BEFORE_RENDER_WAIT_MS)),
  ]);
}
