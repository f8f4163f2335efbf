// Pretendard's @font-face rules as the build wrote them (its font files hashed under /assets/), as text.
import fontFaceRules from 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?inline';
import { codePointsOf, coversAnyOf, parseFontFaceRules } from './font-face-rules.ts';

/** How many faces are made in one task: each asks the browser for a font resource (about 1 ms apiece here). */
const FACES_PER_TASK = 12;

/**
 * Pretendard's 92 subsets, added to the document a few at a time, one task each, instead of as a
 * stylesheet: a stylesheet's 92 @font-face rules became active in one style recalculation that asked
 * for 92 font resources (109 ms in one task on this machine's /home; decision 049). Only the subsets
 * the page's text needs are downloaded, as with the stylesheet; text is drawn in the system font until
 * then (font-display: swap).
 *
 * The subsets the text on screen needs are loaded first, and the faces join the document only once
 * those are in: the page swaps to Pretendard in one layout. Added before their files arrived, each
 * arriving subset laid the page out again, and a swap's layout is the longest task of a page's load
 * (28 and 35 ms on the team page here, ×4 on Lighthouse's phone; issue 30). Text drawn later loads
 * its own subsets as before.
 */
export function addPretendard(): void {
  const rules = parseFontFaceRules(fontFaceRules);
  const faces: FontFace[] = [];
  const addSome = (from: number) => {
    for (const rule of rules.slice(from, from + FACES_PER_TASK))
      faces.push(new FontFace(rule.family, rule.source, rule.descriptors));
    if (from + FACES_PER_TASK < rules.length) setTimeout(() => addSome(from + FACES_PER_TASK), 0);
    else void swapWhenLoaded(faces);
  };
  addSome(0);
}

async function swapWhenLoaded(faces: readonly FontFace[]): Promise<void> {
  const points = codePointsOf(document.body.textContent ?? '');
  // A subset that fails to load leaves its characters in the system font, as the stylesheet did.
  await Promise.allSettled(
    faces.filter((face) => coversAnyOf(face.unicodeRange, points)).map((face) => face.load()),
  );
  // All at once into the document: one style invalidation for the fonts, not one per batch.
  for (const face of faces) document.fonts.add(face);
}
