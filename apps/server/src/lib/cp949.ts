/*
 * CP949 (Microsoft's Unified Hangul Code, what Korean Excel saves "CSV" in), decoded strictly
 * (decision 031). WHATWG's `euc-kr` is CP949, but Node's built-in TextDecoder('euc-kr') reads only
 * its KS X 1001 half: the 8,822 syllables CP949 adds (똠, 햏, 뷁 …) come out as a C1 control and an
 * ASCII letter, with no error even when fatal. So the two-byte KS X 1001 pairs go through Node's
 * decoder, and the added syllables are computed: they are every Hangul syllable KS X 1001 lacks, in
 * Unicode order, laid over leads 0x81–0xA0 (trails 41–5A, 61–7A, 81–FE) then 0xA1–0xC6 (trails
 * 41–5A, 61–7A, 81–A0), which is how Microsoft built the code page.
 */

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;

/** Trail bytes of the added syllables, in order, for leads 0x81–0xA0 and for 0xA1–0xC6. */
function trailIndex(trail: number, wide: boolean): number {
  if (trail >= 0x41 && trail <= 0x5a) return trail - 0x41;
  if (trail >= 0x61 && trail <= 0x7a) return 26 + trail - 0x61;
  if (trail >= 0x81 && trail <= (wide ? 0xfe : 0xa0)) return 52 + trail - 0x81;
  return -1;
}

let added: string[] | null = null;
/** The syllables CP949 adds to KS X 1001, in code order (built once from Node's decoder). */
function addedSyllables(): string[] {
  if (added) return added;
  const pairs: number[] = [];
  for (let lead = 0xb0; lead <= 0xc8; lead += 1) {
    for (let trail = 0xa1; trail <= 0xfe; trail += 1) pairs.push(lead, trail);
  }
  const inKsX1001 = new Set(new TextDecoder('euc-kr').decode(Uint8Array.from(pairs)));
  const list: string[] = [];
  for (let code = HANGUL_FIRST; code <= HANGUL_LAST; code += 1) {
    const syllable = String.fromCharCode(code);
    if (!inKsX1001.has(syllable)) list.push(syllable);
  }
  added = list;
  return list;
}

function addedSyllable(lead: number, trail: number): string | null {
  let index: number;
  if (lead >= 0x81 && lead <= 0xa0) {
    const at = trailIndex(trail, true);
    if (at < 0) return null;
    index = (lead - 0x81) * 178 + at;
  } else if (lead >= 0xa1 && lead <= 0xc6) {
    const at = trailIndex(trail, false);
    if (at < 0) return null;
    index = 32 * 178 + (lead - 0xa1) * 84 + at;
  } else {
    return null;
  }
  return addedSyllables()[index] ?? null;
}

const ksX1001 = new TextDecoder('euc-kr', { fatal: true });

/**
 * The bytes as CP949 text. `fatal`: throws a TypeError at the first byte that is not CP949; else
 * such bytes become U+FFFD, as a TextDecoder writes them.
 */
export function decodeCp949(bytes: Uint8Array, options: { fatal?: boolean } = {}): string {
  const out: string[] = [];
  const bad = () => {
    if (options.fatal) throw new TypeError('The bytes are not CP949');
    out.push('\uFFFD');
  };
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      out.push(String.fromCharCode(lead));
      at += 1;
      continue;
    }
    const trail = bytes[at + 1];
    if (trail === undefined) {
      bad();
      at += 1;
      continue;
    }
    if (lead === 0xa2 && (trail === 0xe6 || trail === 0xe7)) {
      // The euro and registered signs CP949 added to KS X 1001's symbol rows.
      out.push(trail === 0xe6 ? '\u20AC' : '\u00AE');
      at += 2;
      continue;
    }
    if (lead === 0xc9 || lead === 0xfe) {
      // KS X 1001's user-defined rows: no character a file from elsewhere can mean.
      bad();
      at += trail < 0x80 ? 1 : 2;
      continue;
    }
    if (lead >= 0xa1 && lead <= 0xfe && trail >= 0xa1 && trail <= 0xfe) {
      try {
        out.push(ksX1001.decode(bytes.subarray(at, at + 2)));
        at += 2;
      } catch {
        bad();
        at += 2;
      }
      continue;
    }
    const syllable = addedSyllable(lead, trail);
    if (syllable === null) {
      bad();
      // An ASCII trail byte is a character of its own (as WHATWG reads it).
      at += trail < 0x80 ? 1 : 2;
      continue;
    }
    out.push(syllable);
    at += 2;
  }
  return out.join('');
}
