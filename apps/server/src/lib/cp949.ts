import iconv from 'iconv-lite';

/*
 * CP949 (Microsoft's Unified Hangul Code, what Korean Excel saves "CSV" in), decoded by iconv-lite
 * (decision 031). Node's built-in TextDecoder('euc-kr') reads only its KS X 1001 half: the 8,822
 * syllables CP949 adds (똠, 햏, 뷁 …) come out as a C1 control and an ASCII letter, with no error even
 * when fatal. iconv-lite carries the whole code page.
 */

/**
 * The bytes as CP949 text. `fatal`: throws a TypeError when any byte is not CP949; else such bytes
 * become U+FFFD, as a TextDecoder writes them.
 */
export function decodeCp949(bytes: Uint8Array, options: { fatal?: boolean } = {}): string {
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'cp949');
  if (options.fatal && text.includes('\uFFFD')) throw new TypeError('The bytes are not CP949');
  return text;
}
