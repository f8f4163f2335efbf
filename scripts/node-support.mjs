// The Node versions the project is built, tested and documented for: `engines.node` in package.json
// (a caret range on Node 24 LTS, decision 041). `npm start` warns outside it; the tests refuse to run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** package.json's `engines.node`, e.g. `^24.11.0`. */
export function supportedNodeRange() {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
}

/** Whether a Node version (`v24.21.0`) lies in a caret range (`^24.11.0`), the only form `engines` uses. */
export function nodeSatisfies(version, range) {
  const wanted = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (!wanted) throw new Error(`engines.node should be a caret range like ^24.11.0, not ${range}`);
  const actual = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!actual) return false;
  const [major, minor, patch] = actual.slice(1).map(Number);
  const [wantMajor, wantMinor, wantPatch] = wanted.slice(1).map(Number);
  if (major !== wantMajor) return false;
  return minor > wantMinor || (minor === wantMinor && patch >= wantPatch);
}

/** One line naming the supported versions, or null on a supported Node. */
export function unsupportedNodeLine(version = process.version) {
  const range = supportedNodeRange();
  if (nodeSatisfies(version, range)) return null;
  return `Node ${version} is not supported: 함께미션 is built and tested for Node 24 LTS (${range})`;
}
