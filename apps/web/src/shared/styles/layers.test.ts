import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function cssFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** Every `--z-*` token of tokens.css with its number. */
function scale(): Map<string, number> {
  const tokens = fs.readFileSync(path.join(webSrc, 'shared/styles/tokens.css'), 'utf8');
  return new Map([...tokens.matchAll(/(--z-[a-z-]+):\s*(\d+);/g)].map((m) => [m[1]!, Number(m[2])]));
}

describe('one z-index scale (decision 025)', () => {
  it('lets no stylesheet write a raw z-index: each names a token of the scale', () => {
    const known = scale();
    const offenders: string[] = [];
    for (const file of cssFiles(webSrc)) {
      const css = fs.readFileSync(file, 'utf8');
      for (const match of css.matchAll(/z-index:\s*([^;]+);/g)) {
        const token = /^var\((--z-[a-z-]+)\)$/.exec(match[1]!.trim())?.[1];
        if (!token || !known.has(token)) offenders.push(`${path.relative(webSrc, file)}: ${match[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('orders the layers: toast above overlay, dialog and sheet; sheet above page popup above chrome', () => {
    const z = scale();
    const order = [
      '--z-sticky',
      '--z-chrome',
      '--z-popup',
      '--z-sheet',
      '--z-dialog',
      '--z-viewer',
      '--z-warning',
      '--z-overlay',
      '--z-toast',
    ];
    const values = order.map((name) => z.get(name));
    expect(values.every((value) => value !== undefined)).toBe(true);
    expect([...values].sort((a, b) => a! - b!)).toEqual(values);
    expect(new Set(values).size).toBe(values.length);
  });
});
