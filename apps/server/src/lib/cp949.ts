/*
 * CP949 (Microsoft's Unified Hangul Code, what Korean Excel saves "CSV" in), decoded strictly
 * (decision 031). WHATWG's `euc-kr` is CP949, but Node's built-in TextDecoder('euc-kr') reads only
 * its KS X 1001 half: the 8,822 syllables CP949 adds (똠, 햏, 뷁 …) come out as a C1 control and an
 * ASCII letter, with no error even when fatal. So a table of every two-byte sequence is built once:
 * the KS X 1001 pairs through Node's decoder, and the added syllables computed — every Hangul
 * syllable KS X 1001 lacks, in Unicode order, laid over leads 0x81–0xA0 (trails 41–5A, 61–7A, 81–FE)
 * then 0xA1–0xC6 (trails 41–5A, 61–7A, 81–A0), which is how Microsoft built the code page.
 */

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;

/** Trail bytes of the added syllables, in order, for leads 0x81–0xA0 (wide) and for 0xA1–0xC6. */
const TRAILS_WIDE = [...range(0x41, 0x5a), ...range(0x61, 0x7a), ...range(0x81, 0xfe)];
const TRAILS_NARROW = [...range(0x41, 0x5a), ...range(0x61, 0x7a), ...range(0x81, 0xa0)];

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, at) => first + at);
}

let table: Uint16Array | null = null;
/** Every two-byte sequence (lead << 8 | trail) → its UTF-16 code unit, 0 for none; built once. */
function cp949Table(): Uint16Array {
  if (table) return table;
  const map = new Uint16Array(0x10000);
  // KS X 1001, through Node's decoder, pair by pair; its user-defined rows (C9, FE) are left out.
  const ksX1001 = new TextDecoder('euc-kr', { fatal: true });
  for (let lead = 0xa1; lead <= 0xfd; lead += 1) {
    if (lead === 0xc9) continue;
    for (let trail = 0xa1; trail <= 0xfe; trail += 1) {
      try {
        const text = ksX1001.decode(Uint8Array.of(lead, trail));
        if (text.length === 1) map[(lead << 8) | trail] = text.charCodeAt(0);
      } catch {
        // Not a character of KS X 1001.
      }
    }
  }
  // The euro and registered signs CP949 added to the symbol rows.
  map[0xa2e6] = 0x20ac;
  map[0xa2e7] = 0x00ae;
  // The syllables KS X 1001 lacks, in Unicode order, over the added positions in byte order.
  const known = new Set(map);
  const positions: number[] = [];
  for (let lead = 0x81; lead <= 0xa0; lead += 1)
    for (const trail of TRAILS_WIDE) positions.push((lead << 8) | trail);
  for (let lead = 0xa1; lead <= 0xc6; lead += 1)
    for (const trail of TRAILS_NARROW) positions.push((lead << 8) | trail);
  let next = 0;
  for (let code = HANGUL_FIRST; code <= HANGUL_LAST; code += 1) {
    if (!known.has(code)) map[positions[next++]!] = code;
  }
  table = map;
  return map;
}

/**
 * The bytes as CP949 text. `fatal`: throws a TypeError at the first byte that is not CP949; else
 * such bytes become U+FFFD, as a TextDecoder writes them (an ASCII byte after a bad lead byte is
 * read on its own, as WHATWG reads it).
 */
export function decodeCp949(bytes: Uint8Array, options: { fatal?: boolean } = {}): string {
  const map = cp949Table();
  const units = new Uint16Array(bytes.length);
  let length = 0;
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      units[length++] = lead;
      at += 1;
      continue;
    }
    const trail = bytes[at + 1];
    const unit = trail === undefined ? 0 : map[(lead << 8) | trail]!;
    if (unit !== 0) {
      units[length++] = unit;
      at += 2;
      continue;
    }
    if (options.fatal) throw new TypeError('The bytes are not CP949');
    units[length++] = 0xfffd;
    at += trail === undefined || trail < 0x80 ? 1 : 2;
  }
  let text = '';
  for (let from = 0; from < length; from += 0x8000) {
    text += String.fromCharCode(...units.subarray(from, Math.min(from + 0x8000, length)));
  }
  return text;
}
