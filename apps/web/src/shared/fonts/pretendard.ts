// Pretendard's @font-face rules as the build wrote them (its font files hashed under /assets/), as text:
// its 12 groups (decision 063, font-groups.ts), not the package's 92 slices.
import fontFaceRules from './pretendard/pretendard-groups.css?inline';
import { codePointsOf, coversAnyOf, parseFontFaceRules, type FontFaceRule } from './font-face-rules.ts';
import { forgetSubsetsUsed, rememberSubsetsUsed } from './font-note.ts';

/** The faces, once they joined the document: kept to note which subsets loaded. */
let addedFaces: readonly FontFace[] | null = null;
/** A return visit's faces being loaded before the first render. */
let beforeRender: Promise<void> | null = null;

/**
 * Pretendard's 12 subsets (the package's 92 slices grouped: decision 063), added to the document
 * as FontFace objects instead of as a stylesheet: a stylesheet's 92 @font-face rules became active in
 * one style recalculation that asked for 92 font resources (109 ms in one task on this machine's
 * /home; decision 049), and each face still costs its making and a pass of the shaper. Only the subsets
 * the page's text needs are downloaded, as with the stylesheet; text is drawn in the system font until
 * then (font-display: swap).
 *
 * The subsets the text on screen needs are loaded first, and the faces join the document only once
 * those are in: the page swaps to Pretendard in one layout. Added before their files arrived, each
 * arriving subset laid the page out again, and a swap's layout is the longest task of a page's load
 * (28 and 35 ms on the team page here, ×4 on Lighthouse's phone; issue 30). Text drawn later loads
 * its own subsets as before. On a return visit the faces were added before the first render
 * ({@link addPretendardBeforeRender}): nothing is left to swap, and the subsets used are noted again.
 */
export function addPretendard(): void {
  if (beforeRender) {
    // The return visit's faces are still on their way: this runs again once they are in, or not.
    void beforeRender.then(addPretendard, addPretendard);
    beforeRender = null;
    return;
  }
  if (addedFaces) {
    rememberSubsetsUsed(loadedIndexesOf(addedFaces));
    return;
  }
  // Twelve faces are made in one task; the 92 slices took eight tasks of twelve (decision 049).
  void swapWhenLoaded(parseFontFaceRules(fontFaceRules).map(faceOf));
}

async function swapWhenLoaded(faces: readonly FontFace[]): Promise<void> {
  const points = codePointsOf(document.body.textContent ?? '');
  // A subset that fails to load leaves its characters in the system font, as the stylesheet did.
  const needed = faces.filter((face) => coversAnyOf(face.unicodeRange, points));
  await Promise.allSettled(needed.map((face) => face.load()));
  if (addedFaces) return;
  addToDocument(faces);
  rememberSubsetsUsed(loadedIndexesOf(faces));
}

/**
 * A return visit (decision 061): the subsets the last visit used are in the browser's cache, so they
 * are loaded and every face joins the document before React draws the page, whose first layout is
 * then in Pretendard and has no swap to come. Resolves when the faces were added, or rejects when a
 * noted subset could not be loaded (the cache was emptied): the note is forgotten and the faces are
 * left to {@link addPretendard}, after the first paint, as on a first visit.
 */
export function addPretendardBeforeRender(indexes: readonly number[]): Promise<void> {
  beforeRender = facesBeforeRender(indexes);
  return beforeRender;
}

async function facesBeforeRender(indexes: readonly number[]): Promise<void> {
  const faces = parseFontFaceRules(fontFaceRules).map(faceOf);
  const wanted = indexes.flatMap((index) => (faces[index] ? [faces[index]] : []));
  const loaded = await Promise.allSettled(wanted.map((face) => face.load()));
  if (addedFaces) return;
  if (wanted.length === 0 || loaded.some((outcome) => outcome.status === 'rejected')) {
    forgetSubsetsUsed();
    throw new Error('a noted subset did not load');
  }
  addToDocument(faces);
}

const faceOf = (rule: FontFaceRule) => new FontFace(rule.family, rule.source, rule.descriptors);

/** All at once into the document: one style invalidation for the fonts, not one per batch. */
function addToDocument(faces: readonly FontFace[]): void {
  for (const face of faces) document.fonts.add(face);
  addedFaces = faces;
}

/** The indexes, in Pretendard's rules, of the faces that loaded. */
function loadedIndexesOf(faces: readonly FontFace[]): number[] {
  return faces.flatMap((face, index) => (face.status === 'loaded' ? [index] : []));
}
