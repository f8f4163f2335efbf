// `tsx bench/profile-summary.ts <dir or .cpuprofile> [top]`: where a CPU profile's time went. Reads
// the V8 profiles `BENCH_CPU_PROF=<dir>` leaves (the newest one of a folder), sums the self time of
// each function (samples × their intervals) and prints the top functions and the same time by place:
// the app's own files, each package of node_modules, Node's internals, and V8's idle and GC.
// The bench summarizes each scenario's window of the profile itself: a profile's times are the
// machine's monotonic clock in µs, the one `process.hrtime` reads in the bench's own process.
import fs from 'node:fs';
import path from 'node:path';

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  file: string;
  totalMs: number;
  functions: Array<{ name: string; where: string; selfMs: number; percent: number }>;
  places: Array<{ place: string; selfMs: number; percent: number }>;
}

/** Where a script lives: `app: <path>`, `pkg: <package>`, `node`, or V8's own (idle, GC, program). */
function placeOf(url: string, functionName: string): string {
  if (url === '') return `(${functionName.replace(/[()]/g, '') || 'native'})`;
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return `pkg: ${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  return `app: ${url.replace(/^file:\/\//, '').replace(/^.*\/apps\//, 'apps/')}`;
}

/** Now on the clock V8's profiles are timed by (monotonic, µs), for a scenario's window. */
export function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

export function summarizeProfile(
  file: string,
  options: { top?: number; fromUs?: number; toUs?: number } = {},
): ProfileSummary {
  const top = options.top ?? 25;
  const fromUs = options.fromUs ?? -Infinity;
  const toUs = options.toUs ?? Infinity;
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  // A sample's time is the delta to the next one (V8's own reading of its profiles).
  let at = profile.startTime;
  for (let index = 0; index < profile.samples.length; index += 1) {
    at += profile.timeDeltas[index] ?? 0;
    if (at < fromUs || at > toUs) continue;
    const next = profile.timeDeltas[index + 1] ?? 0;
    const id = profile.samples[index]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + next);
  }
  const functions = new Map<string, { name: string; where: string; us: number }>();
  const places = new Map<string, number>();
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const place = placeOf(url, functionName);
    const where = url === '' ? '' : `${place.replace(/^(app|pkg): /, '')}:${lineNumber + 1}`;
    const key = `${functionName}@${where}`;
    const entry = functions.get(key) ?? { name: functionName || '(anonymous)', where, us: 0 };
    entry.us += us;
    functions.set(key, entry);
    places.set(place, (places.get(place) ?? 0) + us);
    totalUs += us;
  }
  const percent = (us: number) => Math.round((us / Math.max(totalUs, 1)) * 1000) / 10;
  return {
    file,
    totalMs: Math.round(totalUs / 1000),
    functions: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((entry) => ({
        name: entry.name,
        where: entry.where,
        selfMs: Math.round(entry.us / 1000),
        percent: percent(entry.us),
      })),
    places: [...places.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([place, us]) => ({ place, selfMs: Math.round(us / 1000), percent: percent(us) })),
  };
}

/** The newest profile of a folder, or the file itself. */
export function newestProfile(target: string): string {
  if (!fs.statSync(target).isDirectory()) return target;
  const files = fs
    .readdirSync(target)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => path.join(target, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (files.length === 0) throw new Error(`no .cpuprofile in ${target}`);
  return files[0]!;
}

export function printProfileSummary(summary: ProfileSummary, title = summary.file): void {
  console.info(`\n${title}: ${summary.totalMs} ms sampled`);
  console.info('self time by place:');
  for (const row of summary.places) {
    console.info(`  ${String(row.selfMs).padStart(7)} ms ${`${row.percent}%`.padStart(6)}  ${row.place}`);
  }
  console.info('top functions by self time:');
  for (const row of summary.functions) {
    console.info(
      `  ${String(row.selfMs).padStart(7)} ms ${`${row.percent}%`.padStart(6)}  ${row.name}  ${row.where}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = process.argv[2];
  if (!target) throw new Error('usage: tsx bench/profile-summary.ts <dir or .cpuprofile> [top]');
  printProfileSummary(summarizeProfile(newestProfile(target), { top: Number(process.argv[3] ?? 25) }));
}
