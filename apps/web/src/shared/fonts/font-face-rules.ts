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
