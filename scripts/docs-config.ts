/** Writes the README's configuration table from the server's zod config schema (`npm run docs:config`). */
import fs from 'node:fs';
import { configurationTable } from '../apps/server/src/config.ts';

const START = '<!-- config:start -->';
const END = '<!-- config:end -->';
const readme = new URL('../README.md', import.meta.url);
const text = fs.readFileSync(readme, 'utf8');
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from < 0 || to < from) throw new Error(`README.md needs ${START} … ${END}`);
fs.writeFileSync(
  readme,
  `${text.slice(0, from + START.length)}\n\n${configurationTable()}\n\n${text.slice(to)}`,
);
console.info('README.md configuration table written');
