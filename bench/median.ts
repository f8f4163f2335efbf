// `npm run bench:median [-- N]`: the median of the last N (default 3) `npm run bench` results in
// bench/results/, figure by figure, with the spread (lowest–highest) beside it. Rows of a list are
// named by their scenario or page, so a figure is the same figure in every run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');

/** Every number in a result, by a readable path (`rows[team/…].app.p99Ms`). */
export function flatten(value: unknown, prefix = '', out = new Map<string, number>()): Map<string, number> {
  if (typeof value === 'number' && Number.isFinite(value)) out.set(prefix, value);
  else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const named = item as { scenario?: unknown; page?: unknown; photo?: unknown; throttling?: unknown };
      const name =
        typeof named?.scenario === 'string'
          ? named.scenario
          : typeof named?.page === 'string'
            ? `${named.page}${named.throttling === 'devtools' ? ' (applied)' : ''}`
            : typeof named?.photo === 'string'
              ? named.photo
              : String(index);
      flatten(item, `${prefix}[${name}]`, out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Figure → median and spread over the given results; a figure missing from a run is left out of it. */
export function medians(
  results: unknown[],
): Array<{ figure: string; median: number; low: number; high: number; runs: number }> {
  const flat = results.map((result) => flatten(result));
  const figures = [...new Set(flat.flatMap((map) => [...map.keys()]))];
  return figures.map((figure) => {
    const values = flat.flatMap((map) => (map.has(figure) ? [map.get(figure)!] : []));
    return {
      figure,
      median: median(values),
      low: Math.min(...values),
      high: Math.max(...values),
      runs: values.length,
    };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const count = Number(process.argv[2] ?? 3);
  const files = fs
    .readdirSync(resultsDir)
    .filter((name) => name.startsWith('bench-') && name.endsWith('.json'))
    .sort()
    .slice(-count);
  if (files.length === 0) throw new Error('no bench results yet: run `npm run bench` first');
  const results = files.map(
    (name) => JSON.parse(fs.readFileSync(path.join(resultsDir, name), 'utf8')) as unknown,
  );
  console.info(`median of ${files.length} runs: ${files.join(', ')}\n`);
  const round = (n: number) => (Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100);
  for (const row of medians(results)) {
    if (/^(when|durationSeconds|connections)$/.test(row.figure)) continue;
    const spread = row.low === row.high ? '' : `  (${round(row.low)}–${round(row.high)})`;
    console.info(
      `${row.figure.padEnd(90)} ${String(round(row.median)).padStart(10)}${spread}${row.runs < files.length ? `  [${row.runs} runs]` : ''}`,
    );
  }
}
