import { josa } from 'es-hangul';

/**
 * Korean particles chosen by the word they follow ("1기가", "'챌린지 완주'를"), never both forms at once:
 * Toss's es-hangul `josa(word, '이/가')`. The catalog's sentences take it from here, one import
 * for every part of the catalog. A quoted word takes its particle from the word inside the quotes
 * (es-hangul reads the last character, which would be the quote).
 */
export { josa };

type JosaOption = Parameters<typeof josa.pick>[1];

/** The word in single quotes with its particle: quotedJosa('첫 인증', '을/를') → "'첫 인증'을". */
export function quotedJosa(word: string, option: JosaOption): string {
  return `'${word}'${josa.pick(word, option)}`;
}
