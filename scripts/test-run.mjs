#!/usr/bin/env node
// `npm test` after its preflight (decision 053): every check, laid out so the phases overlap on a
// small machine, each line of output named by its phase, and each phase's wall time at the end.
//
// The build comes first and alone: the browser and system tests wait for it, and the browser tests
// are the longest chain. Then everything else starts at once. The system tests mostly wait on purpose
// (a dependency down for seconds, a drain, a restart) and overlap with the rest. The others run at a
// lower CPU priority (`nice`), so the browser and system tests, the longest chain and the most
// timing-sensitive, get the processor first: lint and typecheck, which have no time limits, the
// lowest; the unit + API tests, whose tests time out after 30 s, less low.
// A failed phase does not stop the others (all failures are seen in one run); one whose prerequisite
// failed is skipped. The exit code is 1 when any phase failed or was skipped.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @type {Array<{ name: string; command: string; after?: string[]; nice?: number }>} */
const PHASES = [
  { name: 'build', command: 'npm run build' },
  { name: 'e2e', command: 'vitest run --project e2e', after: ['build'] },
  { name: 'system', command: 'vitest run --project system', after: ['build'] },
  {
    name: 'unit+api',
    command: "vitest run --project unit --project 'api*' --maxWorkers 2",
    after: ['build'],
    nice: 2,
  },
  { name: 'lint', command: 'npm run lint', after: ['build'], nice: 15 },
  { name: 'typecheck', command: 'npm run typecheck', after: ['build'], nice: 15 },
];

const width = Math.max(...PHASES.map((phase) => phase.name.length));
const started = Date.now();
/** @type {Map<string, { status: 'ok' | 'failed' | 'skipped'; seconds: number; startedAt: number }>} */
const results = new Map();
/** @type {Map<string, Promise<boolean>>} */
const running = new Map();
/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();

const seconds = (ms) => (ms / 1000).toFixed(1);

/**
 * Lines that name a failure, kept per phase and printed again at the end: a long run's log is often
 * read from its tail only (CI keeps the last lines), and Vitest names a failed test far above it.
 * Such a line is kept with the two lines after it (the error's first words).
 */
const failureLines = new Map();
const MAX_FAILURE_LINES = 60;
// eslint-disable-next-line no-control-regex -- terminal colour codes are control characters
const ANSI = /\u001b\[[0-9;]*m/g;
// Vitest's failed files and tests; ESLint's errors, dpdm's cycles and Prettier's unformatted files.
const FAILURE_START = /^\s*(FAIL\b|×|✗|\d+:\d+\s+error\b|• Circular|\[warn\] (?!Code style))/;
function keepFailure(name) {
  let following = 0;
  return (line) => {
    const plain = line.replace(ANSI, '');
    const kept = failureLines.get(name) ?? [];
    if (FAILURE_START.test(plain)) following = 3;
    if (following > 0 && plain.trim() !== '') {
      following -= 1;
      if (kept.length < MAX_FAILURE_LINES) kept.push(plain.trimEnd());
      failureLines.set(name, kept);
    }
  };
}

/** Writes each complete line of a stream with the phase's name before it. */
function prefixLines(stream, name, out) {
  let rest = '';
  const label = `[${name.padEnd(width)}] `;
  const keep = keepFailure(name);
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    lines.forEach(keep);
    if (lines.length > 0) out.write(lines.map((line) => label + line).join('\n') + '\n');
  });
  stream.on('end', () => {
    if (rest) {
      keep(rest);
      out.write(label + rest + '\n');
    }
  });
}

/** User + system seconds of a phase's processes, from bash's `times` (its second line: the children's). */
function processorSeconds(timesFile) {
  try {
    const children = fs.readFileSync(timesFile, 'utf8').split('\n')[1] ?? '';
    fs.rmSync(timesFile, { force: true });
    return [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
      (sum, [, minutes, secs]) => sum + Number(minutes) * 60 + Number(secs),
      0,
    );
  } catch {
    return null;
  }
}

function runPhase(phase) {
  const startedAt = Date.now();
  const command = phase.nice ? `nice -n ${phase.nice} ${phase.command}` : phase.command;
  console.info(`test-run: ${phase.name} starts at +${seconds(startedAt - started)} s: ${command}`);
  return new Promise((resolve) => {
    // bash's `times` after the phase: the processor time of every process the phase waited for
    // (workers, servers, browsers), so the summary says where the run's processor time goes.
    const timesFile = path.join(
      os.tmpdir(),
      `hamkke-test-run-${process.pid}-${phase.name.replace(/\W/g, '')}`,
    );
    const timed = `${command}; status=$?; times > ${JSON.stringify(timesFile)}; exit $status`;
    const child = spawn('bash', ['-c', timed], {
      cwd: repoRoot,
      // A process group of its own, so an interrupted run stops the whole phase (workers, servers, browsers).
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PATH: `${path.join(repoRoot, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
      },
    });
    children.add(child);
    prefixLines(child.stdout, phase.name, process.stdout);
    prefixLines(child.stderr, phase.name, process.stderr);
    child.on('close', (code, signal) => {
      children.delete(child);
      const ok = code === 0;
      const took = Date.now() - startedAt;
      const cpu = processorSeconds(timesFile);
      results.set(phase.name, { status: ok ? 'ok' : 'failed', seconds: took, startedAt, cpu });
      console.info(
        `test-run: ${phase.name} ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(took)} s`,
      );
      resolve(ok);
    });
  });
}

/** Starts a phase once its prerequisites passed; skips it when one did not. */
function schedule(phase) {
  if (running.has(phase.name)) return running.get(phase.name);
  const promise = (async () => {
    const prerequisites = await Promise.all((phase.after ?? []).map((name) => schedule(byName(name))));
    if (prerequisites.every(Boolean)) return runPhase(phase);
    results.set(phase.name, { status: 'skipped', seconds: 0, startedAt: Date.now() });
    console.info(`test-run: ${phase.name} skipped (${phase.after?.join(', ')} did not pass)`);
    return false;
  })();
  running.set(phase.name, promise);
  return promise;
}

function byName(name) {
  const phase = PHASES.find((candidate) => candidate.name === name);
  if (!phase) throw new Error(`test-run: no phase ${name}`);
  return phase;
}

function stopAll(signal) {
  for (const child of children) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll(signal);
    process.exit(1);
  });
}

const outcomes = await Promise.all(PHASES.map(schedule));
const total = Date.now() - started;
console.info(
  '\ntest-run: each phase: wall time (start → end, phases overlapping) and processor time (user + system)',
);
const row = (name, wall, rest = '') =>
  console.info(`test-run:   ${name.padEnd(width)}  ${wall.padStart(9)}  ${rest}`);
// scripts/test.sh's own time before this run (Debian packages, services, Node 24, npm ci), when it ran.
const provisioning = Number(process.env.HAMKKE_PROVISIONING_SECONDS);
const provisioned = Boolean(process.env.HAMKKE_PROVISIONING_SECONDS) && Number.isFinite(provisioning);
if (provisioned) row('provision', `${provisioning.toFixed(1)} s`, '(scripts/test.sh, before npm test)');
let processor = 0;
for (const phase of PHASES) {
  const result = results.get(phase.name);
  const from = result && result.status !== 'skipped' ? `+${seconds(result.startedAt - started)} s` : '';
  const cpu = result?.cpu == null ? '' : `cpu ${result.cpu.toFixed(0)} s`;
  processor += result?.cpu ?? 0;
  row(
    phase.name,
    `${seconds(result?.seconds ?? 0)} s`,
    `${from.padEnd(10)} ${cpu.padEnd(11)} ${result?.status ?? 'skipped'}`,
  );
}
row('total', `${seconds(total)} s`, `${''.padEnd(10)} cpu ${processor.toFixed(0)} s`);
if (provisioned) row('whole run', `${(provisioning + total / 1000).toFixed(1)} s`, '(provisioning + total)');
for (const phase of PHASES) {
  if (results.get(phase.name)?.status !== 'failed') continue;
  const lines = failureLines.get(phase.name) ?? [];
  console.info(`\ntest-run: what failed in ${phase.name} (the lines that named it, repeated from above)`);
  for (const line of lines.length > 0 ? lines : ['(no line named a failure; read the phase above)']) {
    console.info(`test-run:   ${line}`);
  }
}
process.exit(outcomes.every(Boolean) ? 0 : 1);
