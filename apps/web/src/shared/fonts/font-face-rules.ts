/** One @font-face rule's descriptors, read from the build's CSS. */
export interface FontFaceRule {
  family: string;
  source: string;
  descriptors: FontFaceDescriptors;
}

const DESCRIPTOR = /([\w-]+)\s*:\s*([^;]+)/g;

/** The @font-face rules of a stylesheet's text (Pretendard's: family, src, weight range, style, display, unicode-range). */
export function parseFontFaceRules(css: string): FontFaceRule[] {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].flatMap(([, body]) => {
    const values = new Map([...body!.matchAll(DESCRIPTOR)].map(([, name, value]) => [name!, value!.trim()]));
    const family = values.get('font-family')?.replace(/^["']|["']$/g, '');
    const source = values.get('src');
    if (!family || !source) return [];
    const descriptors: FontFaceDescriptors = {};
    const style = values.get('font-style');
    const weight = values.get('font-weight');
    const display = values.get('font-display');
    const unicodeRange = values.get('unicode-range');
    if (style) descriptors.style = style;
    if (weight) descriptors.weight = weight;
    if (display) descriptors.display = display as FontDisplay;
    if (unicodeRange) descriptors.unicodeRange = unicodeRange;
    return [{ family, source, descriptors }];
  });
}

/** A text's distinct code points, ascending: what {@link coversAnyOf} looks ranges up in. */
export function codePointsOf(text: string): Uint32Array {
  const points = new Set<number>();
  for (const char of text) points.add(char.codePointAt(0)!);
  return Uint32Array.from(points).sort();
}

/**
 * A `unicode-range` descriptor's ranges, first and last code point each (`U+ac00-d7a3, U+20`; the
 * wildcard form `U+4??` is 400–4ff).
 */
export function unicodeRanges(unicodeRange: string): Array<readonly [from: number, to: number]> {
  return unicodeRange.split(',').flatMap((part) => {
    const token = part.trim().replace(/^u\+/i, '');
    if (!token) return [];
    const [start, end = start] = token.includes('?')
      ? [token.replace(/\?/g, '0'), token.replace(/\?/g, 'f')]
      : token.split('-');
    return [[parseInt(start!, 16), parseInt(end!, 16)] as const];
  });
}

/**
 * Whether any of the code points (from {@link codePointsOf}) falls in a `unicode-range` descriptor.
 * A rule without a range covers everything. Each range is one binary search: 12 subsets of a few
 * hundred ranges against a page's text in about a millisecond.
 */
export function coversAnyOf(unicodeRange: string | undefined, points: Uint32Array): boolean {
  if (!unicodeRange) return points.length > 0;
  for (const [from, to] of unicodeRanges(unicodeRange)) {
    // The first code point at or after the range's start.
    let low = 0;
    let high = points.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (points[middle]! < from) low = middle + 1;
      else high = middle;
    }
    if (low < points.length && points[low]! <= to) return true;
  }
  return false;
}
