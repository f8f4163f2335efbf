import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The app's first load (the scripts and styles index.html loads before anything else) may not grow:
 * lazily loaded parts — the operator console among them — must stay out of it. The ceilings are
 * today's sizes (188,963 B of scripts before the toast viewport and the domain messages left the
 * first load: 162,343 B; 18,145 B of styles before Pretendard's @font-face rules became a stylesheet
 * the app fetches as it starts: 3,576 B). Issue 12's targets are 120 KiB of scripts and 15 KiB of
 * styles.
 */
const BUDGET = { scriptGzipBytes: 163_000, styleGzipBytes: 4_000 };

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

describe('first-load budget of the built web app', () => {
  it('keeps the first load within its budget', () => {
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1]!,
    );
    const sizes = files.map((file) => ({
      file,
      gzip: zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length,
    }));
    const total = (extension: string) =>
      sizes.filter((entry) => entry.file.endsWith(extension)).reduce((sum, entry) => sum + entry.gzip, 0);
    const scripts = total('.js');
    const styles = total('.css');
    console.info(
      `first load: ${sizes.length} files, scripts ${scripts} B gzip (budget ${BUDGET.scriptGzipBytes}), styles ${styles} B gzip (budget ${BUDGET.styleGzipBytes})\n` +
        sizes.map((entry) => `  ${entry.file} ${entry.gzip}`).join('\n'),
    );
    expect(files.some((file) => file.includes('admin'))).toBe(false);
    expect(scripts).toBeLessThanOrEqual(BUDGET.scriptGzipBytes);
    expect(styles).toBeLessThanOrEqual(BUDGET.styleGzipBytes);
  });
});
