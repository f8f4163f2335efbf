/**
 * Reads the literal text of a top-level number member of a JSON object, so an id beyond 2^53
 * (Kakao's ids are 64-bit) keeps every digit: `JSON.parse` would round it. Returns the value as a
 * string when the member is a non-negative integer literal or a string of digits, otherwise `null`.
 * The text is assumed to be valid JSON (parse it too).
 */
export function readTopLevelId(text: string, key: string): string | null {
  let depth = 0;
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === '"') {
      const end = endOfString(text, index);
      if (end < 0) return null;
      if (depth === 1) {
        let next = end;
        while (next < text.length && /\s/.test(text[next] ?? '')) next += 1;
        if (text[next] === ':' && decodeString(text.slice(index, end)) === key) {
          return readValue(text, next + 1);
        }
      }
      index = end;
      continue;
    }
    if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
    index += 1;
  }
  return null;
}

/** Index just past the closing quote of the string literal opening at `start`, or -1. */
function endOfString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    const char = text[index];
    if (char === '\\') index += 2;
    else if (char === '"') return index + 1;
    else index += 1;
  }
  return -1;
}

function decodeString(literal: string): string | null {
  try {
    const value: unknown = JSON.parse(literal);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

function readValue(text: string, from: number): string | null {
  const rest = text.slice(from);
  const number = /^\s*(\d+)(?=\s*[,}])/.exec(rest);
  if (number) return number[1] ?? null;
  const quoted = /^\s*"(\d+)"(?=\s*[,}])/.exec(rest);
  return quoted?.[1] ?? null;
}
