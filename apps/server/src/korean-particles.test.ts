import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 25 item 5: a Korean particle is chosen by the word it follows (es-hangul's `josa` in the
 * web catalog), never written as both ("을(를)", "이(가)", "(으)로"), and never fixed after a word
 * only known at run time ("${round}이 끝났어요" reads "1기이"). Read: the web app's message catalog,
 * everything the server says or seeds (apps/server/src, seeded texts included) and the contract.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const roots = [
  'apps/web/src/shared/messages.ts',
  'apps/web/src/shared/messages',
  'apps/server/src',
  'packages/contract/src',
];

function sourcesUnder(path: string): string[] {
  const full = join(root, path);
  if (path.endsWith('.ts')) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const child = join(path, entry.name);
    if (entry.isDirectory()) return sourcesUnder(child);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [join(root, child)] : [];
  });
}

/** Both particles at once: 을(를), 이(가), 은(는), 과(와), (으)로, and their reversed forms. */
const BOTH_FORMS = /\((?:을|를|이|가|은|는|과|와|으|아|야|이나|나|이에요|예요)\)/u;
/** A fixed particle right after an interpolated word: `${round}이 `, `${medal}을 `. */
const FIXED_AFTER_WORD = /\$\{[^}]+\}(?:을|를|이|가|은|는|과|와|으로|로|이랑|랑|이에요|예요)(?![가-힣])/u;

const files = roots.flatMap(sourcesUnder);

describe('Korean particles in every text we show or seed', () => {
  it('reads the catalog, the server (with its seed) and the contract', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((file) => file.endsWith(join('db', 'seed', 'content.ts')))).toBe(true);
  });

  it.each([
    ['both particles at once', BOTH_FORMS],
    ['a fixed particle after an interpolated word', FIXED_AFTER_WORD],
  ])('has no %s', (_name, pattern) => {
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          pattern.test(line) ? [`${relative(root, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
