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

/**
 * The code points of a `unicode-range` descriptor ("U+f9ca-fa0b, U+ff07, U+4??") as [first, last]
 * pairs; a part it cannot read is left out.
 */
export function parseUnicodeRange(range: string): [number, number][] {
  return range.split(',').flatMap((part): [number, number][] => {
    const match = /^\s*U\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(part);
    if (!match) return [];
    const [, first, last] = match;
    if (first!.includes('?'))
      return [[parseInt(first!.replaceAll('?', '0'), 16), parseInt(first!.replaceAll('?', 'f'), 16)]];
    return [[parseInt(first!, 16), parseInt(last ?? first!, 16)]];
  });
}

/** Whether a text has a character in one of the ranges. */
export function textUsesRange(codePoints: ReadonlySet<number>, ranges: readonly [number, number][]): boolean {
  for (const point of codePoints)
    if (ranges.some(([first, last]) => point >= first && point <= last)) return true;
  return false;
}
