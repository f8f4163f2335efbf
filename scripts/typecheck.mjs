// `npm run typecheck` (decision 064): every TypeScript project checked by TypeScript 7, the native
// compiler (`typescript7`, an npm alias of typescript@7). TypeScript 5.x stays installed only for
// typescript-eslint, which needs the JavaScript API 7 does not have; both packages name a `tsc` bin,
// so this script runs 7's by its path, never whichever `node_modules/.bin/tsc` npm linked last.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const tsc = path.join(path.dirname(require.resolve('typescript7/package.json')), 'bin/tsc');

/**
 * Each program: the contract and the cipher alone (they must not lean on Node's or the DOM's types
 * beyond their own `lib`), the web app, and everything on Node in one (tsconfig.node.json: the server,
 * its tests, the browser tests' driver, the bench and the code generators import each other's code).
 */
const PROJECTS = ['packages/contract', 'packages/seed-cipher', 'apps/web', 'tsconfig.node.json'];

/**
 * The programs run at once, each on one thread (`--singleThreaded`): on these 2-core machines that
 * took half the processor time of 7's default threads and less wall time too (decision 064).
 * Each one's errors are printed together when it ends.
 */
function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--singleThreaded', '--pretty', 'false'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (output) process.stdout.write(output);
      console.info(`typecheck: ${project} ${code === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
      resolve(code === 0 ? null : project);
    });
  });
}

const failed = (await Promise.all(PROJECTS.map(check))).filter(Boolean);
if (failed.length > 0) {
  console.error(`typecheck: errors in ${failed.join(', ')}`);
  process.exit(1);
}
