// `npm start`: builds whatever is missing or older than its sources, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unsupportedNodeLine } from './node-support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// An older (or newer) Node still starts, with one line saying which versions are supported; below
// Node 22 the SQLite driver (better-sqlite3 13, Node-API) would crash, so that one line stops instead.
const unsupported = unsupportedNodeLine();
if (unsupported && Number(process.versions.node.split('.')[0]) < 22) {
  console.error(`${unsupported}; its SQLite driver needs Node 22 or newer — not starting`);
  process.exit(1);
}
if (unsupported) console.warn(`warning: ${unsupported}; starting anyway`);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const targets = [
  {
    workspace: '@hamkke/web',
    // Written last by the build (after the client build and the prerendering).
    output: 'apps/web/dist/prerendered.json',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/route-preloads.ts',
      'apps/web/build-assets.ts',
      'apps/web/prerender.mjs',
      'packages',
    ],
  },
  {
    workspace: '@hamkke/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages'],
  },
];

for (const { workspace, output, sources } of targets) {
  const built = newestMtime(path.join(root, output));
  const changed = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (built === 0 || changed > built) {
    console.info(`building ${workspace}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    // glibc keeps a memory arena per thread (libvips and libuv's pool): two arenas keep photo and
    // password bursts from leaving the process 50–60 MiB larger for good (issue 12's bench).
    env: { MALLOC_ARENA_MAX: '2', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
