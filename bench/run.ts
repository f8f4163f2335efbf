// `npm run bench`: measures the app's count endpoints side by side with a bare Fastify route
// serving the same queries, on one temporary seeded SQLite database, on this machine.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../apps/server/test/spawn-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const endpoints = [
  'common/total-user-mission',
  'common/today-mission-certification-count',
  'common/total-user-count',
  'common/total-mission-certification-count',
];

interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

async function measure(url: string): Promise<Measurement> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    connections,
    duration: durationSeconds,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function startBare(databaseFile: string): Promise<{ baseUrl: string; stop: () => void }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/bare-server.ts')], {
    env: { ...process.env, BENCH_DATABASE_FILE: databaseFile, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return { baseUrl, stop: () => child.kill('SIGTERM') };
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error('bare server did not start');
}

const app = await startServer({ LOG_LEVEL: 'warn' });
const bare = await startBare(app.databaseFile);
const rows: Array<{ endpoint: string; app: Measurement; bare: Measurement; ratio: number }> = [];
try {
  for (const endpoint of endpoints) {
    // Warm both up so JIT and caches settle before measuring.
    await autocannon({
      url: `${app.baseUrl}/v1/api/front/${endpoint}`,
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
      duration: 1,
      connections,
    });
    const appResult = await measure(`${app.baseUrl}/v1/api/front/${endpoint}`);
    await autocannon({
      url: `${bare.baseUrl}/bare/${endpoint}`,
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
      duration: 1,
      connections,
    });
    const bareResult = await measure(`${bare.baseUrl}/bare/${endpoint}`);
    rows.push({
      endpoint,
      app: appResult,
      bare: bareResult,
      ratio: Number((appResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(3)),
    });
  }
} finally {
  bare.stop();
  await app.stop();
}

console.info(
  `\nbenchmark: ${durationSeconds}s per run, ${connections} connections, SQLite, node ${process.version}\n`,
);
console.info(
  ['endpoint'.padEnd(44), 'app req/s', 'p50', 'p99', '| bare req/s', 'p50', 'p99', '| app/bare'].join('  '),
);
for (const row of rows) {
  console.info(
    [
      row.endpoint.padEnd(44),
      String(row.app.requestsPerSecond).padStart(9),
      `${row.app.p50Ms}ms`.padStart(4),
      `${row.app.p99Ms}ms`.padStart(4),
      '|',
      String(row.bare.requestsPerSecond).padStart(10),
      `${row.bare.p50Ms}ms`.padStart(4),
      `${row.bare.p99Ms}ms`.padStart(4),
      '|',
      row.ratio.toFixed(2).padStart(9),
    ].join('  '),
  );
  if (row.app.errors || row.app.non2xx || row.bare.errors || row.bare.non2xx) {
    console.error(`  ${row.endpoint}: errors or non-2xx answers during the run`, row);
    process.exitCode = 1;
  }
}
const outDir = path.join(root, 'bench', 'results');
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `counts-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(
  outFile,
  JSON.stringify(
    { when: new Date().toISOString(), node: process.version, durationSeconds, connections, rows },
    null,
    2,
  ),
);
console.info(`\nwritten: ${path.relative(root, outFile)}`);
