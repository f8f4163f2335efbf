// Pretendard's @font-face rules as the build wrote them (its font files hashed under /assets/), as text.
import fontFaceRules from 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?inline';
import {
  parseFontFaceRules,
  parseUnicodeRange,
  textUsesRange,
  type FontFaceRule,
} from './font-face-rules.ts';

/** How many faces are made in one task: each asks the browser for a font resource (about 1 ms apiece here). */
const FACES_PER_TASK = 12;

/** The longest the faces wait for the page's own subsets before they are added anyway (then they swap in). */
const LOAD_WAIT_MS = 3_000;

/**
 * Loads the faces of the characters the page shows now (its text as the last batch was made), then
 * adds every face to the document at once: one style invalidation for the fonts, not one per batch.
 */
function addWhenShownLoaded(rules: readonly FontFaceRule[], faces: readonly FontFace[]): void {
  const shown = new Set<number>();
  for (const character of document.body.textContent ?? '') shown.add(character.codePointAt(0)!);
  const loads = faces.flatMap((face, index) => {
    const range = rules[index]!.descriptors.unicodeRange;
    return range && textUsesRange(shown, parseUnicodeRange(range))
      ? [face.load().catch(() => undefined)]
      : [];
  });
  void Promise.race([Promise.all(loads), new Promise((done) => setTimeout(done, LOAD_WAIT_MS))]).then(() => {
    for (const face of faces) document.fonts.add(face);
  });
}

/**
 * Pretendard's 92 subsets, added to the document a few at a time, one task each, instead of as a
 * stylesheet: a stylesheet's 92 @font-face rules became active in one style recalculation that asked
 * for 92 font resources (109 ms in one task on this machine's /home; decision 049). Only the subsets
 * the page's text needs are downloaded, as with the stylesheet; text is drawn in the system font until
 * then (font-display: swap).
 *
 * The subsets the page already shows are loaded before the faces join the document (FontFace.load,
 * which lays nothing out), so the page is laid out once with its font, not once with the faces still
 * loading and again as each subset arrives (/home: a 20 ms layout, then a 15 ms one per arrival; each
 * a long task at a phone's speed). Text drawn later (the next page) loads its subsets as before.
 */
export function addPretendard(): void {
  const rules = parseFontFaceRules(fontFaceRules);
  const faces: FontFace[] = [];
  const addSome = (from: number) => {
    for (const rule of rules.slice(from, from + FACES_PER_TASK))
      faces.push(new FontFace(rule.family, rule.source, rule.descriptors));
    if (from + FACES_PER_TASK < rules.length) setTimeout(() => addSome(from + FACES_PER_TASK), 0);
    else addWhenShownLoaded(rules, faces);
  };
  addSome(0);
}
