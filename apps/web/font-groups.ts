// `npm run fonts:pretendard`: writes Pretendard's faces as the app serves them (decision 063) from the
// `pretendard` package: its 92 dynamic-subset slices merged into 12 groups, each one WOFF2 file cut
// from the package's whole variable font, and their @font-face rules.
//
// Why: a face costs the page its own FontFace (about 0.1–0.3 ms to make, ×4 on a phone) and a pass of
// the text shaper for every run of text with a character in it; 92 faces made Korean text's layout
// about twice as long as one file (issue 30). The slices are ordered by how often their characters
// are used (the last holds the commonest), so the groups keep that order: the frequent ones small,
// the rare ones large.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { unicodeRanges } from './src/shared/fonts/font-face-rules.ts';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
/** The package as this app resolves it (the web app's own dependency). */
const packageDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pretendard/package.json')),
  'dist',
);
const packageRoot = path.join(packageDist, 'web/variable');
/** The package's slices' rules: what the groups are cut by. */
export const PACKAGE_CSS = path.join(packageRoot, 'pretendardvariable-dynamic-subset.css');
/** The package's whole variable font: what each group's file is cut from. */
const PACKAGE_FONT = path.join(packageRoot, 'woff2/PretendardVariable.woff2');
/** Where the groups are written, and read by the app (`shared/fonts/pretendard.ts`). */
export const GROUPS_DIR = path.join(webRoot, 'src/shared/fonts/pretendard');
export const GROUPS_CSS = path.join(GROUPS_DIR, 'pretendard-groups.css');

/**
 * The groups as ranges of the package's slice indexes, first to last, in the package's order. The
 * commonest slices (76–91, 100 characters each: Hangul's frequent syllables, Latin, digits,
 * punctuation) go four to a group, so a page's text loads little it does not use; the rarer ones
 * (100–155 characters each) eight or ten to a group.
 */
export const SLICE_GROUPS: ReadonlyArray<readonly [first: number, last: number]> = [
  [0, 9],
  [10, 19],
  [20, 29],
  [30, 39],
  [40, 49],
  [50, 59],
  [60, 67],
  [68, 75],
  [76, 79],
  [80, 83],
  [84, 87],
  [88, 91],
];

export interface PackageSlice {
  index: number;
  unicodeRange: string;
}

/** The package's slices, `/* [n] *\/` before each rule, in the stylesheet's order. */
export function packageSlices(css: string): PackageSlice[] {
  return [...css.matchAll(/\/\* \[(\d+)\] \*\/\s*@font-face\s*\{([^}]*)\}/g)].map(([, index, body]) => {
    const range = /unicode-range:\s*([^;]+);/.exec(body!);
    if (!range) throw new Error(`slice ${index} has no unicode-range`);
    return { index: Number(index), unicodeRange: range[1]!.trim() };
  });
}

/** A group's code points: every slice's ranges in it, ascending, each once. */
export function groupCodePoints(
  slices: readonly PackageSlice[],
  [first, last]: readonly [number, number],
): number[] {
  const points = new Set<number>();
  for (const slice of slices) {
    if (slice.index < first || slice.index > last) continue;
    for (const [from, to] of unicodeRanges(slice.unicodeRange))
      for (let point = from; point <= to; point += 1) points.add(point);
  }
  return [...points].sort((a, b) => a - b);
}

/** Code points as a `unicode-range` value: consecutive ones as one `U+start-end`. */
export function unicodeRangeOf(points: readonly number[]): string {
  const parts: string[] = [];
  const hex = (point: number) => point.toString(16);
  for (let at = 0; at < points.length;) {
    let end = at;
    while (end + 1 < points.length && points[end + 1] === points[end]! + 1) end += 1;
    parts.push(at === end ? `U+${hex(points[at]!)}` : `U+${hex(points[at]!)}-${hex(points[end]!)}`);
    at = end + 1;
  }
  return parts.join(', ');
}

export const groupFileName = (group: number) => `PretendardVariable.group.${group}.woff2`;

/** The groups' @font-face rules, as the package writes its slices' (family, weights, swap). */
export function groupsCss(slices: readonly PackageSlice[]): string {
  const rules = SLICE_GROUPS.map(
    (group, index) => `/* [${index}]: the package's slices ${group[0]}–${group[1]} */
@font-face {
  font-family: 'Pretendard Variable';
  font-style: normal;
  font-display: swap;
  font-weight: 45 920;
  src: url(./${groupFileName(index)}) format('woff2-variations');
  unicode-range: ${unicodeRangeOf(groupCodePoints(slices, group))};
}
`,
  );
  return `/* Written by \`npm run fonts:pretendard\` (apps/web/font-groups.ts) from the pretendard package; do not edit.
Pretendard: Copyright (c) 2021 Kil Hyung-jin, with Reserved Font Name Pretendard. SIL Open Font License 1.1. */
${rules.join('\n')}`;
}

/** One group's file: the package's whole variable font cut to the group's code points (HarfBuzz). */
export async function groupFont(slices: readonly PackageSlice[], group: number): Promise<Buffer> {
  const { default: subsetFont } = await import('subset-font');
  const text = String.fromCodePoint(...groupCodePoints(slices, SLICE_GROUPS[group]!));
  return subsetFont(fs.readFileSync(PACKAGE_FONT), text, { targetFormat: 'woff2' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const slices = packageSlices(fs.readFileSync(PACKAGE_CSS, 'utf8'));
  fs.rmSync(GROUPS_DIR, { recursive: true, force: true });
  fs.mkdirSync(GROUPS_DIR, { recursive: true });
  let total = 0;
  for (let group = 0; group < SLICE_GROUPS.length; group += 1) {
    const bytes = await groupFont(slices, group);
    fs.writeFileSync(path.join(GROUPS_DIR, groupFileName(group)), bytes);
    total += bytes.length;
    console.info(`${groupFileName(group)}: ${bytes.length} B`);
  }
  fs.writeFileSync(GROUPS_CSS, groupsCss(slices));
  // The Open Font License travels with the files cut from the font.
  fs.copyFileSync(path.join(packageDist, 'LICENSE.txt'), path.join(GROUPS_DIR, 'LICENSE.txt'));
  console.info(
    `${SLICE_GROUPS.length} groups, ${total} B, rules in ${path.relative(process.cwd(), GROUPS_CSS)}`,
  );
}
